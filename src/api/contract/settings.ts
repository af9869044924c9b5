/**
 * Tenant parameters the console reads (scrm_overall_params), time zones and log retention.
 * Shared by the console and the reference server (docs/architecture.md "Layout").
 */

export const SETTINGS_KEYS = [
  'scrm_overall_params',
  'scrm_overall_params_camp_reward',
  'member_progress_basic',
  'tenant_unique_params',
] as const;
export type SettingsKey = (typeof SETTINGS_KEYS)[number];

/** An IANA time zone this runtime's Intl knows (the browser's or the server's). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The keys of scrm_overall_params the console reads (parameters page forms them; the rest is raw JSON). */
export interface OverallParams {
  enableWaterMark: boolean;
  timeZone: string;
  /** mask phone numbers in lists for users without UNMASK_BUTTON */
  isPrivacy: boolean;
  /** days logs are kept before the purge_logs task removes them (7-3650, default LOG_RETENTION_DAYS) */
  logRetentionDays: number;
}

/** The default number of days logs are kept (the tenant parameter logRetentionDays). */
export const LOG_RETENTION_DAYS = 180;
