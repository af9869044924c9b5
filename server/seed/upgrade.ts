import type { Db } from '../infra/db/db.ts';
import type { CallTable } from '../access/access.ts';
import { relateDefaults, syncInterfaces } from '../access/relations.ts';
import { reconcileCatalogue, shippedEntries, type Reconciled } from './catalogue.ts';
import { DEMO_MENU } from './seed.ts';
import { syncRecordIndexes } from '../services/records.ts';

/**
 * A start's work on the database, once the route table is known: this release's catalogue (a database made by an
 * earlier release), then the interface rows, the relations of whatever arrived, and the records' indexes and
 * statistics (syncRecordIndexes). One transaction under the
 * start-up lock: a start cut short (a stop, a crash, the database away) leaves nothing half done, which the next start
 * would not finish (it makes a new entry's or interface's relations only when it makes the row).
 */
export function upgradeDatabase(db: Db, calls: CallTable, platformTenant: number): Promise<Reconciled | null> {
  return db.withStartupLock(() =>
    db.transaction(async (tx) => {
      const reconciled = await reconcileCatalogue(tx, { platformTenant, entries: shippedEntries(DEMO_MENU) });
      await syncInterfaces(tx, calls);
      for (const menuId of reconciled?.added ?? []) await relateDefaults(tx, calls, { menuId });
      await syncRecordIndexes(tx, null);
      return reconciled;
    }),
  );
}
