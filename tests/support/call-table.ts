import { createApp } from '@server/app.ts';
import { CallTable, owns, type Owner } from '@server/access/access.ts';
import type { Db } from '@server/infra/db/db.ts';
import type * as v from 'valibot';
import type { Call } from '@/api/table/define.ts';
import { catalogueVersion, shippedEntries } from '@server/seed/catalogue.ts';
import { BUSINESS_TABLES } from '@server/seed/business-dictionary.ts';
import { DEMO_MENU } from '@server/seed/seed.ts';

const shipped = catalogueVersion(shippedEntries(DEMO_MENU), BUSINESS_TABLES);

/**
 * A database that answers nothing: enough to mount every route and read the route table. It holds today's catalogue
 * (the start's reconciliation has nothing to do).
 */
const answer = async <T>(sql: string) => (sql.includes('FROM catalogue_state') ? [{ version: shipped } as T] : []);
export const noDb: Db = {
  kind: 'pglite',
  query: answer,
  transaction: (fn) => fn({ kind: 'pglite', query: answer }),
  exec: async () => {},
  withStartupLock: (fn) => fn(),
  listen: async () => {},
  notify: async () => {},
  close: async () => {},
};

/** The server's app with every optional part mounted (demo outbox, fault switch), on no database. */
export const routeApp = () =>
  createApp({ db: noDb, sessionTtlSeconds: 60, accessTokenTtlSeconds: 60, demo: true, faults: true, checkAnswers: true });

/** The server's calls and the owners their routes declare, read from the app itself. */
export const serverCalls = (): CallTable => new CallTable().read(routeApp().routes, '/manage');

/** A call table of routes a test makes up: `owned` declared with owns(), `unowned` served without an owner. */
export function madeUpCalls(owned: Record<string, Owner>, unowned: readonly string[] = []): CallTable {
  const route = (key: string, handler: unknown) => ({ method: key.split(' ')[0], path: key.split(' ')[1], handler });
  return new CallTable().read([
    ...Object.entries(owned).map(([key, owner]) => route(key, owns(owner))),
    ...unowned.map((key) => route(key, () => undefined)),
  ]);
}

/** The keys a declared call's body takes, each with its rule (none for a body that is not an object of keys). */
export const inputEntries = (call: Call): Array<[string, v.GenericSchema]> =>
  Object.entries((call.input as unknown as { entries?: Record<string, v.GenericSchema> }).entries ?? {});
