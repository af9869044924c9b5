import type { FailureInfo } from '@/api/client.ts';
import type { Failure, FailureContext } from '@/api/errors.ts';

type Handler = (failure: Failure, info: FailureInfo) => void;

const logOnly: Handler = (failure, { path }) => console.error(`[api] ${path}:`, failure.message);

/** Where the API client sends failures before the UI is mounted (logged) and after (FailureBridge). */
export const failureSink = {
  handle: logOnly,
  context: (): FailureContext => ({}),
  reset() {
    this.handle = logOnly;
    this.context = () => ({});
  },
};
