/**
 * What the journal must never keep: passwords, tokens, SMS codes, captcha texts and login tickets. One
 * function decides it for every value the journal records (event payloads, context changes, actor inputs), at the
 * moment it is recorded, so nothing secret reaches memory, IndexedDB or an exported file.
 *
 * A secret is not blanked but replaced by a pseudonym (‹secret r1-3›), the same for the same value within one
 * recording: a replay still sees that two tokens differ or match (the access-token machine compares them), and an
 * empty field stays empty (a guard that asks "is a code entered?" answers as it did).
 */

/** Keys whose string values are secret wherever they appear. */
export const SECRET_KEY = /password|pwd|token|ticket|captcha|imgverycode|smscode|verifycode|secret|replaced/i;

/** Where a value was met: the machine that received or holds it, and the event it came with. */
export interface RedactScope {
  machine?: string;
  event?: string;
}

/**
 * Secrets only a place names: the bind-phone machine's SMS code (`code`, and the CAPTCHA/CODE events' `value`),
 * and the tokens the login actors answer (`output` of their done events). Elsewhere `code` is a button, tenant
 * or channel code and stays readable.
 */
const codeMachine = (scope: RedactScope) => scope.machine === 'bindPhone' || scope.machine === 'smsButton';
const codeEvent = (scope: RedactScope) => codeMachine(scope) && (scope.event === 'CODE' || scope.event === 'CAPTCHA');
const loginAnswer = (scope: RedactScope) => /^xstate\.done\.actor\.(login|loginByUserToken)$/.test(scope.event ?? '');

function secretAt(scope: RedactScope, key: string): boolean {
  return (key === 'code' && codeMachine(scope)) || (key === 'value' && codeEvent(scope)) || (key === 'output' && loginAnswer(scope));
}

/**
 * The part of a scope `secretAt` reads: the machine, and the event only where it decides something. Values met in
 * scopes with one key are redacted alike, so they share a cache (the menu in fetchMenu's done event, in the
 * context it changed and in addRoutes' input is walked once, and kept once in IndexedDB's copy of a chunk).
 */
function cacheKey(scope: RedactScope): string {
  return `${scope.machine ?? ''}|${codeEvent(scope) || loginAnswer(scope) ? scope.event : ''}`;
}

const MAX_DEPTH = 12;

export type Redactor = (value: unknown, scope?: RedactScope) => unknown;

/**
 * A redactor for one recording (`run` names it in the pseudonyms). Answers a JSON-safe copy of `value`: secrets as
 * pseudonyms, files as their name, size and type, actors as their id, errors as their message, functions dropped.
 * Objects already seen in the same scope are answered from a cache, so an unchanged menu costs nothing twice.
 * @example const redact = createRedactor('r1'); redact({ userName: 'admin', password: 'x' }) // { userName: 'admin', password: '‹secret r1-1›' }
 */
export function createRedactor(run: string): Redactor {
  const names = new Map<string, string>();
  const caches = new Map<string, WeakMap<object, unknown>>();
  const pseudonym = (secret: string) => {
    let name = names.get(secret);
    if (!name) {
      name = `‹secret ${run}-${names.size + 1}›`;
      names.set(secret, name);
    }
    return name;
  };
  /** A secret's value: strings (and strings in arrays) become pseudonyms; empty, null and numbers stay. */
  const hide = (v: unknown): unknown => {
    // Idempotent: a pseudonym (a replayed or re-exported value) stays itself.
    if (typeof v === 'string') return v === '' || v.startsWith('‹secret') ? v : pseudonym(v);
    if (Array.isArray(v)) return v.map(hide);
    if (v && typeof v === 'object') return '‹secret›';
    return v;
  };
  const walk = (v: unknown, scope: RedactScope, depth: number, seen: Set<object>): unknown => {
    if (v === null || typeof v !== 'object') {
      if (typeof v === 'function' || typeof v === 'symbol') return undefined;
      if (typeof v === 'bigint') return String(v);
      if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
      return v;
    }
    if (depth > MAX_DEPTH) return '‹too deep›';
    if (seen.has(v)) return '‹cycle›';
    const scopeKey = cacheKey(scope);
    let cache = caches.get(scopeKey);
    if (!cache) caches.set(scopeKey, (cache = new WeakMap()));
    if (cache.has(v)) return cache.get(v);
    let out: unknown;
    if (typeof Blob !== 'undefined' && v instanceof Blob) {
      out = { file: (v as File).name ?? '', size: v.size, type: v.type };
    } else if (v instanceof Error) {
      out = { error: v.message };
    } else if (v instanceof Date) {
      out = v.toISOString();
    } else if ('sessionId' in v && typeof (v as { send?: unknown }).send === 'function') {
      out = { actor: (v as unknown as { id: string }).id };
    } else {
      seen.add(v);
      if (Array.isArray(v)) out = v.map((x) => walk(x, scope, depth + 1, seen) ?? null);
      else if (v instanceof Map) out = [...v.entries()].map(([k, x]) => [walk(k, scope, depth + 1, seen), walk(x, scope, depth + 1, seen)]);
      else if (v instanceof Set) out = [...v].map((x) => walk(x, scope, depth + 1, seen));
      else {
        const o: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(v)) {
          const r = SECRET_KEY.test(k) || secretAt(scope, k) ? hide(x) : walk(x, scope, depth + 1, seen);
          if (r !== undefined) o[k] = r;
        }
        out = o;
      }
      seen.delete(v);
    }
    cache.set(v, out);
    return out;
  };
  return (value, scope = {}) => walk(value, scope, 0, new Set());
}
