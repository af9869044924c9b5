import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPrivateAddress, postOutbound, targetProblem } from '@server/infra/outbound.ts';

describe('outbound targets (SSRF)', () => {
  it('knows loopback, private, link-local, shared, multicast and unspecified addresses, v4, v6 and mapped', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'not-an-ip',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '203.0.113.10', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('sees the IPv4 address inside NAT64, 6to4, IPv4-compatible and hex-mapped IPv6 addresses', () => {
    for (const a of [
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1, as the URL parser writes it
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe', // 169.254.169.254
      '64:ff9b:1::808:808', // local-use NAT64: the operator's own network
      '2002:7f00:1::', // 6to4 of 127.0.0.1
      '2002:c0a8:101::1', // 192.168.1.1
      '2002:0a00:0001:0000:0000:0000:0000:0001',
      '::7f00:1', // IPv4-compatible 127.0.0.1
      '::ffff:7f00:1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['64:ff9b::808:808', '2002:808:808::1', '::ffff:808:808', '2001:db9::1']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses NAT64 and 6to4 forms of this machine in a URL', async () => {
    expect(await targetProblem('http://[64:ff9b::7f00:1]/', false)).toBe('不能发往本机或内网地址');
    expect(await targetProblem('http://[2002:7f00:1::]/', false)).toBe('不能发往本机或内网地址');
    expect(await targetProblem('http://[64:ff9b::127.0.0.1]:8080/x', false)).toBe('不能发往本机或内网地址');
  });

  it('refuses this machine and private networks unless allowed, and anything but plain http(s)', async () => {
    expect(await targetProblem('http://127.0.0.1:9000/sms', false)).toBe('不能发往本机或内网地址');
    expect(await targetProblem('http://[::1]/x', false)).toBe('不能发往本机或内网地址');
    expect(await targetProblem('http://localhost/x', false)).toBe('不能发往本机或内网地址');
    expect(await targetProblem('http://169.254.169.254/latest/meta-data', false)).toBe('不能发往本机或内网地址');
    expect(await targetProblem('http://127.0.0.1:9000/sms', true)).toBeNull();
    expect(await targetProblem('http://8.8.8.8/sms', false)).toBeNull();
    expect(await targetProblem('ftp://8.8.8.8/x', false)).toMatch(/http\(s\)/);
    expect(await targetProblem('http://user:pw@8.8.8.8/x', false)).toMatch(/用户名密码/);
    expect(await targetProblem('nonsense', false)).toBe('地址不是有效的网址');
  });

  it('checks the address it connects to: a host name resolving to this machine reaches nothing, a timeout says so', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === '/slow') return;
      res.statusCode = 204;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const post = (url: string, allowPrivate: boolean, timeoutMs = 5000) =>
      postOutbound(url, { headers: { 'Content-Type': 'application/json' }, body: '{}', timeoutMs, allowPrivate });
    try {
      // The connection resolves the name itself, so what answered a check earlier does not matter (DNS rebinding).
      await expect(post(`http://localhost:${port}/hook`, false)).rejects.toThrow('不能发往本机或内网地址');
      expect(seen).toEqual([]);
      expect(await post(`http://localhost:${port}/hook`, true)).toEqual({ status: 204, ok: true });
      expect(seen).toEqual(['/hook']);
      await expect(post(`http://127.0.0.1:${port}/slow`, true, 200)).rejects.toMatchObject({ name: 'TimeoutError' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
