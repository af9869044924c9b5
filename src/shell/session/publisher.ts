import { publisherType, type PublisherType } from '@/lib/publisher-type.ts';
import { SessionContext } from './session-context.ts';

/** The signed-in user's publisher type, for pages: 1 store, 2 mall, 0 otherwise. */
export function usePublisherType(): PublisherType {
  return SessionContext.useSelector((st) => publisherType(st.context.userInfo));
}
