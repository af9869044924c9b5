import { useCallback } from 'react';
import { formatInstant } from '@/lib/time.ts';
import { SessionContext } from './session/session-context.ts';

/** The tenant's time zone (tenant parameter timeZone). */
export const useTimeZone = () => SessionContext.useSelector((s) => s.context.tenantParams.timeZone);

/** Formats an instant the server answered in the tenant's zone (`yyyy-MM-dd HH:mm:ss`, or the date only). */
export function useFormatInstant() {
  const zone = useTimeZone();
  return useCallback(
    (value: string | Date | null | undefined, part: 'datetime' | 'date' | 'minutes' = 'datetime') => formatInstant(value, zone, part),
    [zone],
  );
}
