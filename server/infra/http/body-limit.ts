import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * A request body's size limit, `limitOf` its path's: a body over it is refused (`tooLarge`) before anything reads it.
 * A body that declares its length (Content-Length, no Transfer-Encoding: Node's parser holds it to that length) is
 * judged by the header alone, so its request stays the adapter's light one and the route reads the body straight
 * from the socket. Hono's bodyLimit asks for the web Request's body stream first, which builds a whole WHATWG Request
 * and a ReadableStream over the socket for every call (a tenth of a users list's server time under load, issue 46).
 * A streamed body (chunked) goes to Hono's, which counts it as it arrives and refuses it the moment it passes the limit.
 */
export function limitBodies(limitOf: (path: string) => number, tooLarge: (limit: number) => (c: Context) => Response): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const limit = limitOf(c.req.path);
    const length = c.req.header('Content-Length');
    if (length !== undefined && c.req.header('Transfer-Encoding') === undefined) {
      return Number(length) > limit ? tooLarge(limit)(c) : next();
    }
    return bodyLimit({ maxSize: limit, onError: tooLarge(limit) })(c, next);
  };
}
