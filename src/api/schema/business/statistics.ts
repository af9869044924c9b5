import * as v from 'valibot';
import { body } from '../kit.ts';
import { say } from '../messages.ts';

/** A day, yyyy-MM-dd. */
const day = (message: 'statsFrom' | 'statsTo') =>
  v.pipe(
    v.optional(v.string(say(message)), ''),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, say(message)),
    v.check((s) => !Number.isNaN(Date.parse(s)), say(message)),
  );

/** /v1/dataStatistics/dashboard: the landing page's figures. */
export const dashboardQuery = body({});

/** /v1/dataStatistics/mallStatistics: the mall's figures for days from `from` to `to` in the tenant's zone. */
export const mallQuery = body({ from: day('statsFrom'), to: day('statsTo') });
