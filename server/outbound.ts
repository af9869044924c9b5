import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

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
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an address is loopback, private, link-local, shared, multicast or unspecified (IPv4-mapped IPv6 too). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) return PRIVATE.check(address, 'ipv6');
  return true;
}

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
  const host = u.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return `无法解析主机 ${host}`;
  }
  if (!addresses.length || addresses.some(isPrivateAddress)) return '不能发往本机或内网地址';
  return null;
}
