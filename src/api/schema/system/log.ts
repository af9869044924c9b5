import * as v from 'valibot';
import { body, flag, given, keyword, optionalInstant, page, pageAfter, wholeNumber } from '../kit.ts';
import { say } from '../messages.ts';

/** A log list's time range: instants (ISO 8601), either end open. */
const range = { from: optionalInstant('logFrom'), to: optionalInstant('logTo') };

/** A filter with a few values and '' (or absent) for any. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, message: 'wrongOutcome' | 'logSource') =>
  v.optional(v.picklist([...values, ''], say(message)), '');

/** /v1/userLoginLog/list: sign-in attempts, by account, outcome and time. */
export const loginLogList = body({ ...page(), account: keyword(64), result: oneOf(['success', 'failure'], 'wrongOutcome'), ...range });

/** /v1/userLoginLog/detail: one attempt with its session's life. */
export const loginLogId = body({ id: given(wholeNumber(1, Number.MAX_SAFE_INTEGER, say('logId'), 16)) });

/** /v1/loginInfo/selUserLoginInfoList: each user's last sign-in, by a word. */
export const loginInfoList = body({ ...page(), keyword: keyword(64) });

/** /v1/errLogger/controller/list: server and console errors, by source, a word and time. */
export const errorLogList = body({ ...page(), source: oneOf(['server', 'client'], 'logSource'), keyword: keyword(100), ...range });

/** /v1/errLogger/controller/report: an error the console met (uncaught, a rejected promise, a chunk that failed). */
export const errorReport = body({
  message: given(
    v.pipe(
      v.string(say('errorMessage')),
      v.trim(),
      v.nonEmpty(say('errorMessage')),
      v.transform((s) => s.slice(0, 1000)),
    ),
  ),
  kind: v.optional(v.picklist(['error', 'rejection', 'chunk'], say('wrongType', { name: 'kind' })), 'error'),
  route: keyword(300),
  release: keyword(64),
});

/** /v1/msg/getSmsRecoedList (the spec's misspelling): SMS sent, by phone, outcome and time. */
export const smsLogList = body({
  ...page(),
  phone: v.pipe(
    keyword(11),
    v.transform((s) => s.replace(/\D/g, '')),
  ),
  success: v.optional(
    v.nullable(
      v.union(
        [
          v.boolean(),
          v.pipe(
            v.picklist(['true', 'false']),
            v.transform((s) => s === 'true'),
          ),
        ],
        say('wrongOutcome'),
      ),
    ),
    null,
  ),
  ...range,
});

/** The operation log's fields, as the console's click tracker sends them (the time as yyyy-MM-dd hh:mm:ss). */
const operationText = (required: boolean, name: string) => {
  const text = v.pipe(v.string(say('operationText', { name })), v.maxLength(200, say('operationTooLong', { name })));
  return required ? given(v.pipe(text, v.nonEmpty(say('operationRequired', { name })))) : v.optional(text, '');
};

/** /v1/userOperationLog/save: a tracked click. */
export const operationSave = body({
  operationTime: v.pipe(operationText(true, 'operationTime'), v.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, say('operationTime'))),
  operationName: operationText(true, 'operationName'),
  operationCode: operationText(true, 'operationCode'),
  systemName: operationText(true, 'systemName'),
  pageCode: operationText(false, 'pageCode'),
  pageName: operationText(false, 'pageName'),
  operationType: operationText(false, 'operationType'),
  menuName: operationText(false, 'menuName'),
  menuCode: operationText(false, 'menuCode'),
});

/**
 * What a tracked click led to (DECISIONS "Operation log"): done, refused (with the refusal's words) or dismissed
 * before it ran. A click that only moves or reads has none.
 */
export const OPERATION_OUTCOMES = ['success', 'failure', 'cancelled'] as const;
export type OperationOutcome = (typeof OPERATION_OUTCOMES)[number];

/** /v1/userOperationLog/outcome: what the caller's own tracked click (by the id its save answered) led to. */
export const operationOutcome = body({
  id: given(wholeNumber(1, Number.MAX_SAFE_INTEGER, say('logId'), 16)),
  outcome: given(v.picklist(OPERATION_OUTCOMES, say('wrongOutcome'))),
  refusal: v.optional(
    v.pipe(
      v.string(say('wrongType', { name: 'refusal' })),
      v.transform((s) => s.slice(0, 500)),
    ),
    '',
  ),
});

/** /v1/userOperationLog/list: tracked clicks, by user, page, outcome and time; `export` takes the whole filtered list. */
/**
 * /v1/userOperationLog/exportJob: the operation log under its filters written by the server as a job, beyond what the
 * browser writes at once; with `jobId`, that job's progress (and with `cancel`, a request to stop it).
 */
export const operationLogExportJob = body({
  user: keyword(64),
  page: keyword(64),
  outcome: oneOf(OPERATION_OUTCOMES, 'wrongOutcome'),
  jobId: v.optional(wholeNumber(1, Number.MAX_SAFE_INTEGER, say('exportJob'), 16)),
  cancel: flag(),
  ...range,
});

export const operationLogList = body({
  ...pageAfter(),
  user: keyword(64),
  page: keyword(64),
  outcome: oneOf(OPERATION_OUTCOMES, 'wrongOutcome'),
  export: v.optional(v.boolean(say('wrongType', { name: 'export' })), false),
  ...range,
});
