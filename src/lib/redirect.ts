/** Pure helpers for hash paths and the login redirect (DECISIONS.md). */

/** Splits '#/a/b?x=1' into ['/a/b', 'x=1']. */
export function splitHash(hash: string): [path: string, search: string] {
  const body = hash.replace(/^#/, '');
  const q = body.indexOf('?');
  const path = q < 0 ? body : body.slice(0, q);
  return [`/${path.replace(/^\/+/, '')}`, q < 0 ? '' : body.slice(q + 1)];
}

/**
 * The redirect target to follow after login, or null: only in-app hash paths (one leading '/', no scheme,
 * no '//', no backslash), as DECISIONS.md requires.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /^\/*[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  if (/[\u0000-\u001f]/.test(value)) return null;
  return value;
}

/** The login path that brings the user back to target afterwards. */
export const loginPathFor = (target: string): string =>
  target === '/' || target.startsWith('/login') ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;

/**
 * Takes a userToken query parameter out of a URL (from the real query or the hash's), so that it leaves the
 * address bar at once (DECISIONS.md). Returns the token and the URL to replace the current one with, landing on /.
 */
export function takeLinkToken(href: string): { token: string | null; cleanHref: string } {
  const url = new URL(href);
  const [, hashSearch] = splitHash(url.hash);
  const hashParams = new URLSearchParams(hashSearch);
  const token = url.searchParams.get('userToken') ?? hashParams.get('userToken');
  if (!token) return { token: null, cleanHref: href };
  url.searchParams.delete('userToken');
  url.hash = '#/';
  return { token, cleanHref: url.href };
}
