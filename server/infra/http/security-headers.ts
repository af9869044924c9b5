import type { MiddlewareHandler } from 'hono';

/**
 * The console's Content-Security-Policy: scripts only from this origin (no inline script, no eval); styles may
 * be inline because Fluent UI (Griffel) inserts its rules at run time and index.html has one reset rule; images
 * from here, data: (the watermark tile, captcha) and https (avatars, uploaded images); nobody may frame the console.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every answer; /manage answers are never stored by a browser or a proxy (they carry personal data). */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('X-Frame-Options', 'DENY');
    h.set('Referrer-Policy', 'no-referrer');
    if (c.req.path.startsWith('/manage/')) h.set('Cache-Control', 'no-store');
  };
}
