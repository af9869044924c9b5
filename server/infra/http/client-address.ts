import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../../access/auth.ts';

const socketAddress = (c: Parameters<typeof getConnInfo>[0]): string => {
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return '';
  }
};

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The client's address as `c.get('ip')` (login throttling, the login record). With `trustProxy` N > 0, the N-th
 * address from the right of X-Forwarded-For (each trusted proxy appends the address it received from); without
 * it, the socket's peer, so a client cannot choose its address by sending the header.
 */
export function clientAddress(trustProxy: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let ip = socketAddress(c);
    if (trustProxy > 0) {
      const chain = (c.req.header('X-Forwarded-For') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (chain.length >= trustProxy) ip = chain[chain.length - trustProxy];
    }
    c.set('ip', ip.slice(0, 64));
    await next();
  };
}

/**
 * Whether the caller sits on this machine: the socket's peer is loopback and no proxy forwarded the request (a
 * proxy on this machine would make every remote caller look local).
 */
export function isLocalCaller(c: Parameters<typeof getConnInfo>[0]): boolean {
  const forwarded = c.req.header('X-Forwarded-For') || c.req.header('Forwarded') || c.req.header('X-Real-IP');
  return !forwarded && LOOPBACK.test(socketAddress(c));
}
