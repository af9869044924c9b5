import { FetchError, ofetch } from 'ofetch';
import type { Answer } from './contract/answers.ts';
import type * as v from 'valibot';
import { answerProblem, type Answered, type Call, type Sent } from './table/define.ts';
import { ApiFailure, classifyAnswer, networkFailure, type Failure, type FailureContext } from './errors.ts';
import { STORAGE_KEYS, liveAccessToken, memoryStore, type KeyValueStore } from './storage.ts';
import { readLanguage } from '@/i18n/messages.ts';

/** The request base path. */
export const BASE_URL = '/manage';

/** Anonymous SMS calls get the tenant id in the body under the product's misspelt field renantId. */
export const ANON_SMS_PATTERN = /(^|\/)anon\/sms\//;

export interface CallOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number>;
  /**
   * failures of the menu, user-info and login-with-token calls are only logged. An expired session is
   * still reported, because the session must end whichever call noticed it.
   */
  quiet?: boolean;
  /** a form's save: a refusal that names a field is the form's to show under that field, not a toast */
  fieldErrors?: boolean;
  signal?: AbortSignal;
  /**
   * keep the answer with its ETag, and ask next time with If-None-Match: a 304 then gives the kept answer without its
   * bytes (the menu tree, asked for at every load; a server that sends no ETag is asked in full every time)
   */
  revalidate?: boolean;
}

export interface ApiClientOptions {
  store: KeyValueStore;
  baseURL?: string;
  /** the tenant id of the signed-in user, for renantId */
  tenantId?: () => number | null | undefined;
  /** data the catalogue needs (department names) */
  failureContext?: () => FailureContext;
  /** every failure passes here once; the shell shows it and reacts */
  onFailure?: (failure: Failure, info: FailureInfo) => void;
  fetch?: typeof globalThis.fetch;
  /** every call, once it ended: its path, HTTP status (null: no answer), the answer's result, and how long it took */
  onCall?: (call: { path: string; status: number | null; result: unknown; ms: number }) => void;
  /**
   * a declared call's successful answer is checked against its declaration, and one that does not fit throws, so a
   * server that drifted fails a test rather than a user: on in development and tests (import.meta.env.DEV)
   */
  checkAnswers?: boolean;
  /** where revalidated answers (CallOptions.revalidate) are kept: the tab's session storage in the console */
  kept?: KeyValueStore;
  /**
   * every declared call (`send`) once it ended, with its body: `failure` null when it succeeded (the operation log
   * tells from it what a tracked click led to)
   */
  onSettled?: (call: Call, body: unknown, failure: Failure | null) => void;
}

/** The key under which revalidated answers are kept, by path: `{ [path]: { tag, answer } }`. */
export const KEPT_ANSWERS_KEY = 'keptAnswers';

export type ApiClient = ReturnType<typeof createApiClient>;

export interface FailureInfo {
  path: string;
  quiet: boolean;
  /** the caller shows refusals that name a field (CallOptions.fieldErrors) */
  fieldErrors: boolean;
  /**
   * the access token stored when the call was made, sent or (past its deadline) withheld: a refresh is due only if it
   * is still the current one. A withheld token counts too, or a call refused after the refresh had landed would ask for
   * another one.
   */
  accessToken: string | null;
}

/**
 * The one HTTP client of the console (common rules): POST with a JSON body that defaults to {}, base
 * /manage, credentials sent, UserToken and AccessToken headers from local storage.
 * @example const api = createApiClient({ store: localStorage }); await api.send(shellApi.userInfo, {});
 */
export function createApiClient(options: ApiClientOptions) {
  const { store } = options;
  const baseURL = options.baseURL ?? BASE_URL;
  /** UserToken from storage, and AccessToken when present and live (also for requests made outside ofetch). */
  const authHeaders = (): Record<string, string> => {
    const userToken = store.getItem(STORAGE_KEYS.userToken);
    const accessToken = liveAccessToken(store);
    // The console's language (as the screens read it: picked, else the browser's), so the server refuses in it.
    const language = readLanguage(store.getItem(STORAGE_KEYS.language)) === 'en' ? 'en' : 'zh-CN';
    return {
      'Accept-Language': language,
      ...(userToken ? { UserToken: userToken } : {}),
      ...(accessToken ? { AccessToken: accessToken } : {}),
    };
  };
  const keptStore = options.kept ?? memoryStore();
  const keptAnswers = (): Record<string, { tag: string; answer: unknown }> => {
    try {
      return (JSON.parse(keptStore.getItem(KEPT_ANSWERS_KEY) ?? '{}') as Record<string, { tag: string; answer: unknown }>) ?? {};
    } catch {
      return {};
    }
  };
  const keep = (path: string, tag: string, answer: unknown) => {
    try {
      keptStore.setItem(KEPT_ANSWERS_KEY, JSON.stringify({ ...keptAnswers(), [path]: { tag, answer } }));
    } catch {
      // storage full or blocked: the next call asks in full
    }
  };
  const $fetch = ofetch.create(
    {
      baseURL,
      method: 'POST',
      credentials: 'include',
      retry: 0,
      onRequest({ request, options: req }) {
        const path = typeof request === 'string' ? request : request.url;
        const method = (req.method ?? 'POST').toUpperCase();
        if (method !== 'GET' && method !== 'HEAD' && req.body === undefined) req.body = {};
        if (ANON_SMS_PATTERN.test(path) && isPlainObject(req.body)) {
          // A public page names its tenant itself (link, last tenant, default); signed in, it is the session's.
          req.body = { ...req.body, renantId: req.body.renantId ?? options.tenantId?.() ?? undefined };
        }
        const headers = new Headers(req.headers);
        for (const [name, value] of Object.entries(authHeaders())) headers.set(name, value);
        req.headers = headers;
      },
    },
    // ofetch takes a custom fetch as a global option, not a request default.
    options.fetch ? { fetch: options.fetch } : {},
  );

  const fail = (failure: Failure, info: FailureInfo): never => {
    options.onFailure?.(failure, info);
    throw new ApiFailure(failure);
  };

  /** The answer as the server sent it; a network failure throws ApiFailure of kind 'network'. */
  async function raw<T>(path: string, body?: unknown, opts: CallOptions = {}): Promise<T> {
    return (await exchange<T>(path, body, opts)).answer;
  }

  async function exchange<T>(path: string, body: unknown, opts: CallOptions): Promise<{ answer: T; info: FailureInfo }> {
    const info: FailureInfo = {
      path,
      quiet: Boolean(opts.quiet),
      fieldErrors: Boolean(opts.fieldErrors),
      accessToken: store.getItem(STORAGE_KEYS.accessToken),
    };
    const started = performance.now();
    let status: number | null = null;
    let tag: string | null = null;
    const ended = (result: unknown) => options.onCall?.({ path, status, result, ms: Math.round((performance.now() - started) * 10) / 10 });
    const kept = opts.revalidate ? keptAnswers()[path] : undefined;
    try {
      let answer = await $fetch<T>(path, {
        method: opts.method ?? 'POST',
        body: opts.method === 'GET' ? undefined : (body as Record<string, unknown> | undefined),
        query: opts.query,
        signal: opts.signal,
        headers: kept ? { 'If-None-Match': kept.tag } : undefined,
        onResponse: ({ response }) => {
          status = response.status;
          tag = response.headers.get('ETag');
        },
      });
      if (opts.revalidate) {
        if (status === 304 && kept) answer = kept.answer as Awaited<T>;
        else if (tag && status === 200) keep(path, tag, answer);
      }
      // The outcome only (ok, 401, error…): a call whose answer has no such field (the menu tree) records none.
      const a = answer as { result?: unknown; code?: unknown } | null;
      const outcome = a && typeof a === 'object' ? (a.result ?? a.code) : null;
      ended(typeof outcome === 'string' || typeof outcome === 'number' ? outcome : null);
      return { answer, info };
    } catch (err) {
      const failed = err instanceof FetchError ? err.response?.status : undefined;
      status = failed ?? null;
      ended(null);
      return fail(networkFailure(failed), info);
    }
  }

  /** Calls path and returns the answer when it is not a failure; otherwise throws ApiFailure. */
  async function call<A = Answer>(path: string, body?: unknown, opts: CallOptions = {}): Promise<A> {
    const { answer, info } = await exchange<A>(path, body, opts);
    const failure = classifyAnswer(answer, options.failureContext?.() ?? {});
    if (failure) fail(failure, info);
    return answer;
  }

  const checkAnswers = options.checkAnswers ?? Boolean((import.meta as { env?: { DEV?: boolean } }).env?.DEV);

  /**
   * Makes a declared call (src/api/calls/define.ts): its body typed by the call's input schema (an upload's form when it
   * takes one), its successful answer by the answer schema; a failure throws ApiFailure, as `call` does.
   * @example const { values, count } = await api.send(userApi.list, { pageNum: 1, pageSize: 10 });
   */
  async function send<C extends Call>(
    declared: C,
    body: Sent<C> | (C extends Call<v.GenericSchema, v.GenericSchema, true> ? FormData : never),
    opts: Omit<CallOptions, 'method'> = {},
  ): Promise<Answered<C>> {
    const get = declared.method === 'GET';
    let answer: Answered<C>;
    try {
      answer = await call<Answered<C>>(declared.path, get ? undefined : body, {
        ...opts,
        method: declared.method,
        ...(get ? { query: body as Record<string, string | number> } : {}),
      });
    } catch (err) {
      if (err instanceof ApiFailure) options.onSettled?.(declared, body, err.failure);
      throw err;
    }
    const refusal = declared.refusal?.(answer as never) ?? null;
    options.onSettled?.(declared, body, refusal === null ? null : { kind: 'error', message: refusal, duration: 0, level: 'warning' });
    const problem = checkAnswers ? answerProblem(declared, answer) : null;
    if (problem) throw new Error(problem);
    return answer;
  }

  /** For a request ofetch cannot make (an upload with progress): its full URL and the same headers as every call. */
  const request = (path: string) => ({ url: `${baseURL}${path}`, headers: authHeaders() });

  /** Forgets every kept answer (the session ended: the next user's are asked for in full). */
  const forgetKept = () => keptStore.removeItem(KEPT_ANSWERS_KEY);

  return { call, send, raw, request, forgetKept };
}

/** An area of the call table bound to a client: each call a function of its body (`bound(api, platformApi).tenants(q)`). */
export type Bound<A extends Record<string, Call>> = {
  [K in keyof A]: (
    body: Sent<A[K]> | (A[K] extends Call<v.GenericSchema, v.GenericSchema, true> ? FormData : never),
    opts?: Omit<CallOptions, 'method'>,
  ) => Promise<Answered<A[K]>>;
};

/**
 * An area of the call table as functions of their bodies, for a page that hands its calls to its parts (the menu
 * editor's machine, a drawer). Nothing is written again: each is `api.send` of the declaration.
 */
export function bound<A extends Record<string, Call>>(api: ApiClient, area: A): Bound<A> {
  return Object.fromEntries(
    Object.entries(area).map(([name, call]) => [
      name,
      (body: unknown, opts?: Omit<CallOptions, 'method'>) => api.send(call, body as never, opts),
    ]),
  ) as Bound<A>;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof FormData) && !(v instanceof Blob);
}
