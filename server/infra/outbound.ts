import { lookup as lookupCallback, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the server may send requests an operator configured (SMS gateways; webhooks later): never to this machine
 * or a private network unless the deployment allows it (a demo does; `SCRM_ALLOW_PRIVATE_TARGETS=1` otherwise), so a
 * tenant's setting cannot reach the cloud's metadata service or an internal admin port (SSRF).
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48], // NAT64 for local use: whatever it translates to is the operator's own network
  ['2001::', 32], // Teredo: the IPv4 address inside is obfuscated, and the service is obsolete
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail counts as two). */
function groupsOf(address: string): number[] {
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = v4
    ? address.slice(0, v4.index) + (((+v4[1] << 8) | +v4[2]).toString(16) + ':' + ((+v4[3] << 8) | +v4[4]).toString(16))
    : address;
  const [head, tail] = hex.split('::');
  const part = (p: string | undefined) => (p ? p.split(':').map((g) => parseInt(g, 16)) : []);
  const [front, back] = [part(head), part(tail)];
  return tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The IPv4 address an IPv6 one carries to a v4 host: IPv4-compatible (::a.b.c.d), NAT64's well-known prefix
 * (64:ff9b::/96) and 6to4 (2002::/16). A gateway or relay on the way delivers to that v4 host, so it is what counts.
 */
function embeddedIpv4(address: string): string | null {
  const g = groupsOf(address);
  const v4 = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  if (g.slice(0, 6).every((x) => x === 0) && (g[6] !== 0 || g[7] > 1)) return v4(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4(g[6], g[7]);
  if (g[0] === 0x2002) return v4(g[1], g[2]);
  return null;
}

/**
 * Whether an address is loopback, private, link-local, shared, multicast or unspecified, also when an IPv6 address
 * carries such an IPv4 one (mapped, compatible, NAT64, 6to4).
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  return PRIVATE.check(address, 'ipv6') || (v4 !== null && PRIVATE.check(v4, 'ipv4'));
}

/** A URL's host as an address literal has it, without an IPv6 address's brackets. */
const bareHost = (u: URL) => u.hostname.replace(/^\[|\]$/g, '');

/** The reason a URL may not be called from here, or null when it may. Every address its host resolves to counts. */
export async function targetProblem(url: string, allowPrivate: boolean): Promise<string | null> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return '地址不是有效的网址';
  }
  if (!['http:', 'https:'].includes(u.protocol) || u.username || u.password) return '地址须为 http(s) 网址，且不含用户名密码';
  if (allowPrivate) return null;
  const host = bareHost(u);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return `无法解析主机 ${host}`;
  }
  if (!addresses.length || addresses.some(isPrivateAddress)) return PRIVATE_TARGET;
  return null;
}

/** The refusal of a target whose host resolved to a private address when connecting. */
export const PRIVATE_TARGET = '不能发往本机或内网地址';

/**
 * Resolves for the connection itself and refuses a private address there: the address checked is the address
 * connected to, so a host that answers a public address to the check and a private one afterwards (DNS rebinding)
 * reaches nothing.
 */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  lookupCallback(hostname, { ...options, all: true }, (err, found: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    if (found.length === 0 || found.some((a) => isPrivateAddress(a.address))) {
      return callback(Object.assign(new Error(PRIVATE_TARGET), { code: 'EPRIVATETARGET' }), '', 0);
    }
    if (options.all) (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, found);
    else callback(null, found[0].address, found[0].family);
  });
};

/**
 * POSTs a body to an operator's target (a webhook, an SMS gateway) and answers its status; redirects are not
 * followed. Unless private targets are allowed, a host name is resolved once, at connect time, through the check
 * above; an address literal was checked by `targetProblem`. A timeout rejects with an error named TimeoutError.
 */
export function postOutbound(
  url: string,
  init: { headers: Record<string, string>; body: string; timeoutMs: number; allowPrivate: boolean },
): Promise<{ status: number; ok: boolean }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const literal = isIP(bareHost(target)) !== 0;
    const send = target.protocol === 'https:' ? https.request : http.request;
    const req = send(target, {
      method: 'POST',
      headers: { ...init.headers, 'Content-Length': String(Buffer.byteLength(init.body)) },
      lookup: init.allowPrivate || literal ? undefined : checkedLookup,
    });
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })), init.timeoutMs);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => {
        clearTimeout(timer);
        const status = res.statusCode ?? 0;
        resolve({ status, ok: status >= 200 && status < 300 });
      });
      res.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(init.body);
  });
}
