import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { answeredInLanguage } from './language.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Answers smaller than this go as they are: compressing them saves less than its headers and CPU cost. */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in from an Accept-Encoding header: brotli when accepted, else gzip, else none. q-values count
 * (`br;q=0` refuses brotli), and `*` stands for any encoding not named.
 */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    q.set(name, weight ? Number(weight[1]) : 1);
  }
  const accepts = (e: Encoding) => (q.get(e) ?? q.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
}

/** An answer's bytes in an encoding: brotli at quality 4 (about gzip 6's speed, a smaller answer), or gzip at level 6. */
const compressed = (raw: Buffer, encoding: Encoding): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      })
    : gz(raw, { level: 6 });

/** A Buffer's bytes as a body, without a copy. */
const bytes = (b: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.length);

/** Adds Accept-Encoding to the answer's Vary (once): a shared cache must not give a gzip answer to a client without. */
function varyOnEncoding(headers: Headers) {
  const vary = headers.get('Vary');
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compresses JSON answers of 1 KiB or more (issue 46): brotli at quality 4 (about gzip 6's speed, a smaller answer) when
 * the client accepts it, else gzip at level 6. zlib's asynchronous calls run on libuv's threads, so a large list is
 * compressed beside the event loop rather than on it. Other answers (files, exports, event streams) pass unchanged.
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.headers.has('Content-Encoding')) return;
    if (!res.headers.get('Content-Type')?.startsWith('application/json')) return;
    varyOnEncoding(res.headers);
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    // The body last: asking for it turns the adapter's light answer into a whole web Response.
    if (!encoding || !res.body) return;
    const raw = Buffer.from(await res.arrayBuffer());
    const body = raw.length < COMPRESS_MIN_BYTES ? raw : await compressed(raw, encoding);
    const headers = new Headers(res.headers);
    headers.delete('Content-Length');
    if (body !== raw) headers.set('Content-Encoding', encoding);
    c.res = undefined;
    c.res = new Response(bytes(body), { status: res.status, statusText: res.statusText, headers });
  };
}

/** A strong tag of an answer's text: the first 162 bits of its SHA-256, quoted as an ETag is. */
export const contentTag = (text: string): string => `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

/** A JSON answer kept between calls (a session's menu tree): its text, its tag, and its encoded forms once asked for. */
export interface KeptJson {
  text: string;
  tag: string;
  encoded?: Partial<Record<Encoding, Buffer>>;
}

export const keptJson = (text: string): KeptJson => ({ text, tag: contentTag(text) });

/**
 * A kept JSON answer with its ETag, or 304 with no body when the request's If-None-Match names that tag (issue 46: the
 * menu tree, which every page load asks for and which rarely changes). Its compressed form is made once and kept with
 * it, so a kept tree costs no compression per call. The call is SPEC's POST, which no browser caches: the console
 * keeps the last tree and its tag itself (src/api/client.ts, `revalidate`); a backend that ignores If-None-Match
 * answers 200 and the console reads that.
 */
export async function answerKept(c: Context, kept: KeptJson): Promise<Response> {
  const asked = c.req.header('If-None-Match');
  if (asked && (asked.trim() === '*' || asked.match(/"[^"]*"/g)?.includes(kept.tag))) return c.body(null, 304, { ETag: kept.tag });
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ETag: kept.tag, Vary: 'Accept-Encoding' };
  const encoding = kept.text.length >= COMPRESS_MIN_BYTES ? chooseEncoding(c.req.header('Accept-Encoding')) : undefined;
  // a kept answer is a successful one: no refusal for answerInLanguage to look for in it
  if (!encoding) return answeredInLanguage(c.body(kept.text, 200, headers));
  kept.encoded ??= {};
  const body = (kept.encoded[encoding] ??= await compressed(Buffer.from(kept.text), encoding));
  return answeredInLanguage(c.body(bytes(body), 200, { ...headers, 'Content-Encoding': encoding }));
}
