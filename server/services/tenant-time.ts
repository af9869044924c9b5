import type { Db } from '../infra/db/db.ts';

/**
 * A tenant's days: its time zone (the timeZone parameter) and today's date there, which the dashboard's days, the
 * exports' file names and the log's days follow. Shared by the routes that need them (none imports another route).
 */
const DEFAULT_ZONE = 'Asia/Shanghai';

/** The tenant's time zone (its timeZone parameter): "today" and each day of a trend are days there. */
export async function tenantZone(db: Db, tenantId: number): Promise<string> {
  const [row] = await db.query<{ zone: string | null }>(
    `SELECT params::jsonb ->> 'timeZone' AS zone FROM system_setting WHERE tenant_id = $1 AND type = 'scrm_overall_params'`,
    [tenantId],
  );
  return row?.zone || DEFAULT_ZONE;
}

/** Today's date (yyyy-MM-dd) in `zone`: what an export's file name says, as the tenant's staff count days. */
export const todayIn = (zone: string, now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
