import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

/**
 * How long an idle kept-alive connection stays open. Above the idle timeout of the proxies and balancers usually put
 * in front (60 s: AWS ALB's idle timeout; nginx keeps upstream connections 60 s by default), so a proxy never sends a
 * request on a connection this server is closing; clients close first too (undici's fetch reads the answer's
 * `Keep-Alive: timeout=65` and closes a second before). Node's default, 5 s, met a test client whose own process was
 * busy for longer: its next call went out on a socket the server had closed (ECONNRESET, issue 43).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Serves the app over HTTP with the server's connection settings; `onListening` gets the port (PORT=0: any). */
export function serveApp(
  fetch: (request: Request) => Response | Promise<Response>,
  where: { port: number; hostname: string },
  onListening?: (info: AddressInfo) => void,
): Server {
  const server = serve({ fetch, port: where.port, hostname: where.hostname }, onListening) as Server;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Node's guard against slow headers must outlast the idle time, or a kept-alive connection is cut at its next request.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}
