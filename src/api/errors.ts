import type { DepartRef } from './contract/session.ts';

/**
 * The error catalogue of SPEC section 8 as one table: an answer (or a network failure) maps to what the user
 * sees and what the shell does. Order matters: the first row whose test matches wins.
 */
export type FailureKind = 'expired' | 'forbidden' | 'accessTokenExpired' | 'departNoPermission' | 'error' | 'network';

export interface Failure {
  kind: FailureKind;
  message: string;
  /** milliseconds the message stays */
  duration: number;
  level: 'warning' | 'error';
  /** a refused save's form field (the answer's `field`): the form shows the message under it */
  field?: string;
}

/** What the catalogue needs to know besides the answer. */
export interface FailureContext {
  allDepartList?: DepartRef[];
}

type AnyAnswer = { result?: unknown; values?: unknown; errmsg?: unknown; type?: unknown; field?: unknown; reason?: unknown };

interface Row {
  kind: FailureKind;
  test: (a: AnyAnswer) => boolean;
  failure: (a: AnyAnswer, ctx: FailureContext) => Omit<Failure, 'kind'>;
}

export const MESSAGES = {
  expired: '登录失效，请重新登录',
  /** the session was forced off by an administrator (a 401 whose `reason` is 'forced') */
  forced: '您已被管理员强制下线',
  forbidden: '您没有当前操作的权限',
  unknown: '未知错误，请重试',
  departSuffix: '没有数据访问权限，请退出后重新登录重试',
  busy: '网络繁忙，请刷新后重试！',
  networkNoStatus: '网络异常，请检查网络后重试',
  networkStatus: (status: number) => `状态码 ${status} 网络异常`,
  departId: (id: unknown) => `部门id为${String(id)}`,
} as const;

const isError = (a: AnyAnswer) => a.result === 'error';

export const CATALOGUE: readonly Row[] = [
  {
    kind: 'expired',
    test: (a) => a.result === 401 || (isError(a) && (a.values === 'userToken缺失' || a.values === 'userToken失效')),
    // the reference server says when an administrator ended the session; a backend that does not is "expired"
    failure: (a) => ({ message: a.reason === 'forced' ? MESSAGES.forced : MESSAGES.expired, duration: 5000, level: 'warning' }),
  },
  {
    kind: 'forbidden',
    test: (a) => a.result === 403,
    failure: () => ({ message: MESSAGES.forbidden, duration: 7000, level: 'warning' }),
  },
  {
    kind: 'accessTokenExpired',
    test: (a) => isError(a) && a.values === 'accessToken失效',
    failure: () => ({ message: MESSAGES.unknown, duration: 5000, level: 'error' }),
  },
  {
    kind: 'departNoPermission',
    test: (a) => isError(a) && a.type === 'departNoPermisson',
    failure: (a, ctx) => {
      const ids = Array.isArray(a.values) ? a.values : [a.values];
      const names = ids.map((id) => ctx.allDepartList?.find((d) => String(d.id) === String(id))?.departName ?? MESSAGES.departId(id));
      return { message: names.join('、') + MESSAGES.departSuffix, duration: 10000, level: 'error' };
    },
  },
  {
    kind: 'error',
    test: isError,
    failure: (a) => ({
      message: typeof a.errmsg === 'string' && a.errmsg ? a.errmsg : MESSAGES.busy,
      duration: 5000,
      level: 'error',
      ...(typeof a.field === 'string' && a.field ? { field: a.field } : {}),
    }),
  },
];

/** The catalogue row an answer falls under, or null when the answer is not a failure. */
export function classifyAnswer(answer: unknown, ctx: FailureContext = {}): Failure | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const a = answer as AnyAnswer;
  const row = CATALOGUE.find((r) => r.test(a));
  return row ? { kind: row.kind, ...row.failure(a, ctx) } : null;
}

/** A failure to reach the server, or an HTTP error status: never a logout. */
export function networkFailure(status?: number): Failure {
  return {
    kind: 'network',
    message: status ? MESSAGES.networkStatus(status) : MESSAGES.networkNoStatus,
    duration: 7000,
    level: 'error',
  };
}

/** Thrown by the client when an answer is a failure; carries the catalogue row. */
export class ApiFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
    this.name = 'ApiFailure';
  }

  /** The session machine reads this to tell an ended session from other failures. */
  get expired(): boolean {
    return this.failure.kind === 'expired';
  }
}

export const isExpired = (err: unknown): boolean => err instanceof ApiFailure && err.failure.kind === 'expired';
