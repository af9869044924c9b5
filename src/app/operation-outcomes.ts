import { completes, type Call } from '@/api/table/define.ts';
import type { Failure } from '@/api/errors.ts';
import type { OperationOutcome } from '@/api/schema/system/log.ts';
import type { OperationOutcomes } from '@/shell/operation-outcome.ts';

/** Failures that say nothing of the operation itself: the session's (the call is made again once it is renewed). */
const NOT_AN_OUTCOME = new Set<Failure['kind']>(['expired', 'accessTokenExpired']);

/** The operation log's side of what tracked actions led to; `clicked` opens one, the rest settle it. */
export interface OutcomeTracker extends OperationOutcomes {
  /** a declared call ended (the API client's `onSettled`) */
  settled: (call: Call, body: unknown, failure: Failure | null) => void;
}

/**
 * What a tracked action led to (DECISIONS "Operation log"), told to the server by `report`. One action is open at a
 * time: the latest click of a button that acts (a menu entry or a read opens none, and closes the one before). The
 * first call that completes it (`completes`: its button's call) says 成功 and closes it, or 失败 with the refusal and
 * leaves it open, so a corrected form's save still succeeds; a dismissed dialog says 已取消 and closes it. The server
 * keeps a success or a cancel and never lets a cancel hide a failure.
 * @example const outcomes = createOutcomeTracker((id, outcome, refusal) => api.send(logApi.recordOutcome, { id, outcome, refusal }))
 */
export function createOutcomeTracker(report: (id: number, outcome: OperationOutcome, refusal: string) => unknown): OutcomeTracker {
  let open: { code: string; id: Promise<number | null> } | null = null;
  const tell = (action: { id: Promise<number | null> }, outcome: OperationOutcome, refusal = '') =>
    void action.id.then((id) => (id === null ? undefined : report(id, outcome, refusal))).catch(() => {});
  return {
    clicked: (code, id, action) => {
      open = action ? { code, id } : null;
    },
    settled: (call, body, failure) => {
      if (!open || !completes(call, body, open.code) || (failure && NOT_AN_OUTCOME.has(failure.kind))) return;
      const action = open;
      if (!failure) open = null;
      tell(action, failure ? 'failure' : 'success', failure?.message);
    },
    cancelled: () => {
      if (!open) return;
      const action = open;
      open = null;
      tell(action, 'cancelled');
    },
  };
}
