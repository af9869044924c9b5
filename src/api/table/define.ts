import * as v from 'valibot';

/** What a call does to a data-dictionary table's records: the button it needs is `<table>:<op>` (view: the page). */
export type RecordOp = 'view' | 'add' | 'edit' | 'del' | 'import' | 'export';

/**
 * Who may make a call:
 * - `anonymous`: anyone (passport, captcha, anonymous SMS, demo outbox);
 * - `session`: every signed-in session, one whose initial password must still be changed included: the reads that
 *   start a session (user info, permissions, menu, settings), keep it (the access token, its event stream) and end it
 *   (logout);
 * - `shell`: every signed-in user whose password is their own (the shell's other calls: profile, phone, SMS,
 *   uploads, the online users, its own logs);
 * - `pages` / `buttons`: a signed-in user whose roles grant a menu page or button related to the call's interface
 *   (page_func_relation, read live at each call). The pages (by component name) and button codes named here are
 *   the relations a new interface row starts with; after that the data decides (the interface list page).
 *   `platform`: only the platform operator's tenant, whatever the relations say.
 *   `records`: the records calls. Their first relations are every page whose component a meta table
 *   names (`view`) and every `<table>:<op>` button under such a page; the handler then narrows the relation to the
 *   table the call names (server/services/records.ts: recordHeld).
 */
export type Owner =
  | 'anonymous'
  | 'session'
  | 'shell'
  | {
      pages?: readonly string[];
      buttons?: readonly string[];
      platform?: true;
      records?: readonly RecordOp[];
      /** also open to a session whose initial password must be changed first, whatever it holds (the change itself) */
      initialPassword?: true;
    };

/**
 * A call, declared once for both sides (docs/architecture.md "The call table"): its method and SPEC path, who may make
 * it, the schema of the body it takes and the schema of its successful answer. The server mounts its route from the
 * declaration (server/infra/http/serve.ts: `serve`), the browser calls through it (`api.send`), and the types of
 * both ends are inferred from the two schemas, so neither side writes the shape again.
 */
export interface Call<
  I extends v.GenericSchema = v.GenericSchema,
  A extends v.GenericSchema = v.GenericSchema,
  F extends boolean = boolean,
> {
  readonly method: 'POST' | 'GET';
  readonly path: string;
  readonly owner: Owner;
  /** the body: refused unless it passes (the form checks with the same rules) */
  readonly input: I;
  /** a successful answer (`result: 'ok'`); checked in development and tests, on both sides (`answerProblem`) */
  readonly answer: A;
  /** the body may also come as a multipart form (an upload); its text fields are checked like JSON */
  readonly form: F;
  /** an upload's body limit in bytes, refused while it streams in (else JSON's 1 MB: server/app.ts) */
  readonly maxBytes?: number;
  /**
   * The pages or buttons this body asks for beyond the owner, when one call does several things: a save that adds
   * needs the add button, one that edits the edit button. Checked by the server after the owner and before the body's
   * rules (the permission comes before the content), refused like the owner.
   */
  readonly narrow?: (body: unknown) => { pages?: readonly string[]; buttons?: readonly string[] };
  /**
   * The tracked clicks (their `data-track-code`) whose outcome this call is, beyond its owner's buttons: a shell call
   * a button of the shell makes (force logout). See `completes`.
   */
  readonly clicks?: readonly string[];
  /**
   * A successful answer that still did nothing, in words (an all-or-nothing import that found wrong rows): the
   * operation log counts the click's outcome as 失败 with them.
   */
  refusal?(answer: v.InferOutput<A>): string | null;
}

/** The owner of calls a page makes (its component names): opening the page grants them. */
export const byPage = (...pages: string[]): Owner => ({ pages });
/** The owner of a button's call (its codes): holding one of the buttons grants it. */
export const byButton = (...buttons: string[]): Owner => ({ buttons });

/** Declares a call. The path is SPEC's, misspellings included. */
export const defineCall = <I extends v.GenericSchema, A extends v.GenericSchema, F extends boolean = false>(call: {
  method?: 'POST' | 'GET';
  path: string;
  owner: Owner;
  input: I;
  answer: A;
  form?: F;
  maxBytes?: number;
  narrow?: (body: unknown) => { pages?: readonly string[]; buttons?: readonly string[] };
  clicks?: readonly string[];
  refusal?: (answer: v.InferOutput<A>) => string | null;
}): Call<I, A, F> => ({ method: 'POST', form: false as F, ...call });

/**
 * Whether a call made with `body` is what a click on the tracked button `code` led to (the operation log's outcome,
 * DECISIONS "Operation log"): the button is the call's owner or what its body asks for (a save that adds needs
 * 新增), a records call doing the button's `<table>:<op>`, or a call declared for that click. A read never is.
 * @example completes(userApi.remove, { id: 3 }, 'user:del') // true
 */
export function completes(call: Call, body: unknown, code: string): boolean {
  if (call.clicks?.includes(code)) return true;
  const owner = call.owner;
  if (typeof owner !== 'object') return false;
  // what the body asks for when the call says (a save that adds: 新增, not 编辑), else any of the owner's buttons
  if ((call.narrow ? call.narrow(body).buttons : owner.buttons)?.includes(code)) return true;
  const op = code.slice(code.lastIndexOf(':') + 1) as RecordOp;
  return op !== 'view' && code.includes(':') && Boolean(owner.records?.includes(op));
}

/** Whether a save's body adds a row (it names no id) rather than edits one. */
export const adds = (body: unknown): boolean => {
  const id = (body as { id?: unknown } | null)?.id;
  return id === undefined || id === null || id === '';
};

/** What a caller sends (the schema's input: defaults may be left out). */
export type Sent<C extends Call> = v.InferInput<C['input']>;
/** What the handler gets (the schema's output). */
export type Taken<C extends Call> = v.InferOutput<C['input']>;
/** A successful answer as the handler writes it and the browser reads it. */
export type Answered<C extends Call> = v.InferOutput<C['answer']>;

const OK = v.literal('ok');

/** The answers' shapes: `{ result: 'ok' }`, with `values`, or a list's page with its count. */
export const answers = {
  /** `{ result: 'ok' }` and nothing the caller reads */
  done: () => v.object({ result: OK }),
  /** `{ result: 'ok', values }` */
  values: <S extends v.GenericSchema>(values: S) => v.object({ result: OK, values }),
  /** `{ result: 'ok', values: [row, ...] }`: every row, no count (a short list, a tree's level) */
  rows: <S extends v.GenericSchema>(row: S) => v.object({ result: OK, values: v.array(row) }),
  /** a save's answer: the row's id, and what else it says of the row (its new version) */
  saved: <E extends v.ObjectEntries = Record<never, never>>(more?: E) =>
    v.object({ result: OK, values: v.object({ id: id(), ...(more ?? ({} as E)) }) }),
  /** an image, a file or an event stream: not JSON, so not checked */
  notJson: () => v.unknown(),
  /**
   * A page of a list: its rows and the count of all matches; `countEstimated` when the count is the planner's
   * estimate (LIST_LIMITS)
   */
  page: <S extends v.GenericSchema>(row: S) =>
    v.object({
      result: OK,
      values: v.array(row),
      count: v.number(),
      countEstimated: v.optional(v.boolean()),
      /** where the next page starts (the long lists: logs, records), sent back as `after` */
      next: v.optional(v.string()),
      /** an export's rows stopped short of the count */
      truncated: v.optional(v.boolean()),
    }),
};

/** A GET call's query: the parameters it reads (others are ignored, as a cache buster is). */
export const query = <E extends v.ObjectEntries>(entries: E) => v.object(entries);

/** A database id. */
export const id = () => v.pipe(v.number(), v.integer());
/** An instant as the server writes it (ISO 8601); the client formats it in the tenant's zone. */
export const instant = () => v.string();

/**
 * Why an answer does not fit its call's declaration (a server that drifted from the table), or null. Only successful
 * answers are checked: a refusal's envelope is the client's common rules' (src/api/errors.ts).
 */
export function answerProblem(call: Call, answer: unknown): string | null {
  const result = (answer as { result?: unknown } | null)?.result;
  // a refusal: 'error', 401, 403 (SPEC's odd answers, the menu tree's array and logout's data, are checked whole)
  if (result === 'error' || typeof result === 'number') return null;
  const checked = v.safeParse(call.answer, answer);
  if (checked.success) return null;
  const issue = checked.issues[0];
  const where = (issue.path ?? []).map((p) => String(p.key)).join('.');
  return `${call.path}: the answer does not fit its declaration at ${where || '(root)'}: ${issue.message}`;
}
