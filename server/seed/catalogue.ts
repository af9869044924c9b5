import { createHash } from 'node:crypto';
import type { Queryable } from '../infra/db/db.ts';
import { PLATFORM_PAGES } from '@/api/contract/platform.ts';
import { RECORD_BUTTON_LABELS } from '../services/records.ts';
import { BUSINESS_COMPONENTS, BUSINESS_TABLES, reconcileDictionary, type TableSpec } from './business-dictionary.ts';
import { MENU_NAMES_EN } from './menu-names-en.ts';

/** A node of the shipped menu (DEMO_MENU in seed.ts). */
export interface SeedMenu {
  name: string;
  path?: string;
  component?: string;
  hidden?: boolean;
  icon?: string;
  /** [code, name] pairs of type-2 children */
  buttons?: Array<[string, string]>;
  children?: SeedMenu[];
  wrapper?: boolean;
  /** a tenant's own entry; others see nothing of it */
  tenant?: number;
  /** roles (by seed key) that get this entry besides the super admins */
  roles?: Array<'tenantAdmin' | 'staff'>;
}

/** The menu fields a release ships; a field the operator changed is theirs from then on. */
const FIELDS = ['name', 'path', 'icon', 'uri_type', 'need_button_permission', 'component', 'code', 'is_wrapper', 'sort'] as const;
type Field = (typeof FIELDS)[number];
export type EntryRow = {
  [F in Field]: F extends 'uri_type' | 'sort' ? number : F extends 'need_button_permission' | 'is_wrapper' ? boolean : string;
};

/** One row of the shipped catalogue, flattened: parents come before their children. */
export interface ShippedEntry {
  /** what identifies the entry from release to release: the path of a page or directory, a button's code under it */
  key: string;
  parentKey: string | null;
  /** a tenant's own entry (the demo's); the shared catalogue has null */
  tenant: number | null;
  /** seed roles: a button carries its page's */
  roles: ReadonlyArray<'tenantAdmin' | 'staff'>;
  row: EntryRow;
}

/** The shipped menu as rows, each with its stable key. */
export function shippedEntries(menu: readonly SeedMenu[]): ShippedEntry[] {
  const out: ShippedEntry[] = [];
  const walk = (node: SeedMenu, parentKey: string | null, sort: number, inherited: number | undefined) => {
    const tenant = node.tenant ?? inherited ?? null;
    const scope = tenant === null ? '' : `${tenant}@`;
    const key = node.wrapper ? `${scope}wrapper:${node.children?.[0]?.path ?? sort}` : `${scope}${node.path ?? ''}`;
    const table = node.component ? BUSINESS_COMPONENTS.get(node.component) : undefined;
    out.push({
      key,
      parentKey,
      tenant,
      roles: node.roles ?? [],
      row: {
        name: node.name,
        path: node.path ?? '',
        icon: JSON.stringify({ icon: node.icon ?? '', name: node.name, hidden: Boolean(node.hidden) }),
        uri_type: 1,
        need_button_permission: Boolean(node.buttons) || Boolean(table),
        component: node.component ?? '',
        code: '',
        is_wrapper: Boolean(node.wrapper),
        sort,
      },
    });
    // A page of the standard dictionary gets its table's five record buttons.
    const buttons = node.buttons ?? (table ? RECORD_BUTTON_LABELS.map(([op, label]): [string, string] => [`${table}:${op}`, label]) : []);
    for (const [i, [code, name]] of buttons.entries()) {
      out.push({
        key: `${key}#${code}`,
        parentKey: key,
        tenant,
        roles: node.roles ?? [],
        row: { name, path: '', icon: '', uri_type: 2, need_button_permission: false, component: '', code, is_wrapper: false, sort: i },
      });
    }
    for (const [i, child] of (node.children ?? []).entries()) walk(child, key, i, tenant ?? undefined);
  };
  for (const [i, node] of menu.entries()) walk(node, null, i, undefined);
  return out;
}

/** Inserts one entry's menu row; a shared one is tracked as shipped. */
export async function insertEntry(db: Queryable, e: ShippedEntry, parentId: number | null): Promise<number> {
  const r = e.row;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO menu (parent_id, tenant_id, name, name_en, path, icon, uri_type, need_button_permission, component, code, is_wrapper, sort)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      parentId,
      e.tenant,
      r.name,
      MENU_NAMES_EN[r.name] ?? '',
      r.path,
      r.icon,
      r.uri_type,
      r.need_button_permission,
      r.component,
      r.code,
      r.is_wrapper,
      r.sort,
    ],
  );
  if (e.tenant === null) await track(db, e, row.id);
  return row.id;
}

const shippedOf = (e: ShippedEntry) => JSON.stringify({ parentKey: e.parentKey, row: e.row });

async function track(db: Queryable, e: ShippedEntry, menuId: number): Promise<void> {
  await db.query(
    `INSERT INTO catalogue_entry (key, menu_id, shipped) VALUES ($1, $2, $3::jsonb)
     ON CONFLICT (key) DO UPDATE SET menu_id = EXCLUDED.menu_id, shipped = EXCLUDED.shipped`,
    [e.key, menuId, shippedOf(e)],
  );
}

/** The catalogue's version: a start that finds it stored has nothing to reconcile. */
export function catalogueVersion(entries: readonly ShippedEntry[], dictionary: readonly TableSpec[]): string {
  const shared = entries.filter((e) => e.tenant === null).map((e) => [e.key, e.parentKey, e.row]);
  const tables = dictionary.map((t) => [t.name, t.label, t.component, t.tenant ?? null, t.fields.map((f) => f.n)]);
  return createHash('sha256')
    .update(JSON.stringify([shared, tables]))
    .digest('hex')
    .slice(0, 16);
}

/** Records that the database holds this catalogue (a seed that just wrote it). */
export async function markReconciled(db: Queryable, version: string): Promise<void> {
  await db.query(
    `INSERT INTO catalogue_state (id, version) VALUES (true, $1) ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, applied_at = now()`,
    [version],
  );
}

export interface Reconciled {
  /** menu rows that arrived (the caller relates them to the calls their pages and buttons make) */
  added: number[];
  /** rows whose unedited fields followed the release */
  updated: number[];
  /** rows found from before the catalogue was tracked, now tracked as they are */
  adopted: number[];
  /** rows of entries the catalogue no longer ships, deleted with their grants */
  retired: number[];
  /** dictionary tables and fields that arrived, over every tenant */
  tables: number;
  fields: number;
}

/**
 * Brings a database made by an earlier release up to the shipped catalogue (shared menu entries, their buttons and the
 * standard dictionary), once per catalogue version. New entries are offered to the tenants holding their parent (a
 * platform page only to the platform tenant) and granted to the roles of each tenant's userType 0 accounts. A field
 * the operator changed keeps the change; an entry the operator deleted stays deleted; a retired entry goes. Runs under
 * the start-up lock. Every step can be re-run: a start that dies half-way is finished by the next.
 */
export async function reconcileCatalogue(
  db: Queryable,
  options: { platformTenant: number; entries: readonly ShippedEntry[]; dictionary?: readonly TableSpec[] },
): Promise<Reconciled | null> {
  const dictionary = options.dictionary ?? BUSINESS_TABLES;
  const version = catalogueVersion(options.entries, dictionary);
  const [state] = await db.query<{ version: string }>('SELECT version FROM catalogue_state');
  if (state?.version === version) return null;

  const done: Reconciled = { added: [], updated: [], adopted: [], retired: [], tables: 0, fields: 0 };
  const shared = options.entries.filter((e) => e.tenant === null);
  const platformOnly = platformOnlyKeys(shared);
  const tracked = new Map(
    (
      await db.query<{ key: string; menu_id: number | null; shipped: { parentKey: string | null; row: EntryRow } }>(
        'SELECT key, menu_id, shipped FROM catalogue_entry',
      )
    ).map((t) => [t.key, t]),
  );
  const trackedIds = new Map([...tracked].map(([key, t]) => [key, t.menu_id]));
  // The entry's row now: null when it is absent (deleted, or its parent is).
  const ids = new Map<string, number | null>();
  for (const e of shared) {
    const parentId = e.parentKey === null ? null : (ids.get(e.parentKey) ?? undefined);
    const t = tracked.get(e.key);
    tracked.delete(e.key);
    if (t) {
      ids.set(e.key, t.menu_id);
      if (t.menu_id === null) continue;
      const [row] = await db.query<EntryRow & { parent_id: number | null }>(
        `SELECT parent_id, ${FIELDS.join(', ')} FROM menu WHERE id = $1`,
        [t.menu_id],
      );
      const changes: Array<[string, unknown]> = FIELDS.filter((f) => row[f] === t.shipped.row[f] && e.row[f] !== t.shipped.row[f]).map(
        (f) => [f, e.row[f]],
      );
      // Moved by the release and left where it was shipped by the operator.
      const shippedParent = t.shipped.parentKey === null ? null : (trackedIds.get(t.shipped.parentKey) ?? undefined);
      if (t.shipped.parentKey !== e.parentKey && row.parent_id === shippedParent && parentId !== undefined)
        changes.push(['parent_id', parentId]);
      if (changes.length > 0) {
        await db.query(`UPDATE menu SET ${changes.map(([f], i) => `${f} = $${i + 2}`).join(', ')} WHERE id = $1`, [
          t.menu_id,
          ...changes.map(([, v]) => v),
        ]);
        done.updated.push(t.menu_id);
      }
      if (JSON.stringify(t.shipped) !== shippedOf(e)) await track(db, e, t.menu_id);
      continue;
    }
    if (parentId === undefined) {
      ids.set(e.key, null);
      continue;
    }
    const existing = await findUntracked(db, e, parentId);
    if (existing !== undefined) {
      await track(db, e, existing);
      done.adopted.push(existing);
      ids.set(e.key, existing);
      continue;
    }
    const id = await insertEntry(db, e, parentId);
    await db.query(
      `INSERT INTO tenant_page (tenant_id, menu_id)
       SELECT t.id, $1::int FROM tenant t
        WHERE (t.id = $2 OR (NOT $3 AND ($4::int IS NULL OR EXISTS (SELECT 1 FROM tenant_page tp WHERE tp.tenant_id = t.id AND tp.menu_id = $4))))
          -- a button only where its page is
          AND (NOT $5 OR EXISTS (SELECT 1 FROM tenant_page tp WHERE tp.tenant_id = t.id AND tp.menu_id = $4))
       ON CONFLICT DO NOTHING`,
      [id, options.platformTenant, platformOnly.has(e.key), parentId, e.row.uri_type === 2],
    );
    // A new button goes to the admins' roles that hold its page (a button comes with its page, never alone).
    await db.query(
      `INSERT INTO role_perm (role_id, menu_id)
       SELECT DISTINCT r.id, $1::int FROM role r
         JOIN user_role ur ON ur.role_id = r.id
         JOIN app_user u ON u.id = ur.user_id AND u.tenant_id = r.tenant_id AND u.user_type = 0
        WHERE EXISTS (SELECT 1 FROM tenant_page tp WHERE tp.tenant_id = r.tenant_id AND tp.menu_id = $1::int)
          AND ($2::int IS NULL OR EXISTS (SELECT 1 FROM role_perm p WHERE p.role_id = r.id AND p.menu_id = $2::int))
       ON CONFLICT DO NOTHING`,
      [id, e.row.uri_type === 2 ? parentId : null],
    );
    done.added.push(id);
    ids.set(e.key, id);
  }
  // What is left was shipped before and is not any more.
  for (const [key, t] of tracked) {
    if (t.menu_id !== null) {
      await db.query('DELETE FROM menu WHERE id = $1', [t.menu_id]);
      done.retired.push(t.menu_id);
    }
    await db.query('DELETE FROM catalogue_entry WHERE key = $1', [key]);
  }
  for (const { id } of await db.query<{ id: number }>('SELECT id FROM tenant ORDER BY id')) {
    const made = await reconcileDictionary(db, id, dictionary);
    done.tables += made.addedTables;
    done.fields += made.addedFields;
  }
  await markReconciled(db, version);
  return done;
}

/** A row from before tracking that is this entry: a button by code under its page, a page or directory by path. */
async function findUntracked(db: Queryable, e: ShippedEntry, parentId: number | null): Promise<number | undefined> {
  const untracked = 'NOT EXISTS (SELECT 1 FROM catalogue_entry c WHERE c.menu_id = m.id)';
  if (e.row.uri_type === 2) {
    const [row] = await db.query<{ id: number }>(
      `SELECT id FROM menu m WHERE parent_id = $1 AND uri_type = 2 AND code = $2 AND ${untracked} ORDER BY id LIMIT 1`,
      [parentId, e.row.code],
    );
    return row?.id;
  }
  if (e.row.is_wrapper) {
    const first = e.key.slice(e.key.indexOf(':') + 1);
    const [row] = await db.query<{ id: number }>(
      `SELECT id FROM menu m WHERE tenant_id IS NULL AND is_wrapper AND parent_id IS NOT DISTINCT FROM $1 AND ${untracked}
          AND EXISTS (SELECT 1 FROM menu c WHERE c.parent_id = m.id AND c.path = $2) ORDER BY id LIMIT 1`,
      [parentId, first],
    );
    return row?.id;
  }
  // By path, or by component when the operator changed the path.
  const [row] = await db.query<{ id: number }>(
    `SELECT id FROM menu m WHERE tenant_id IS NULL AND uri_type = 1 AND NOT is_wrapper AND ${untracked}
        AND ((path <> '' AND path = $1) OR ($2 <> '' AND component = $2))
      ORDER BY (path = $1) DESC, id LIMIT 1`,
    [e.row.path, e.row.component],
  );
  return row?.id;
}

/** Keys of entries only the platform tenant is offered: its pages, their buttons, directories holding only those. */
function platformOnlyKeys(entries: readonly ShippedEntry[]): Set<string> {
  const children = new Map<string, ShippedEntry[]>();
  for (const e of entries) if (e.parentKey !== null) children.set(e.parentKey, [...(children.get(e.parentKey) ?? []), e]);
  const only = new Set<string>();
  const visit = (e: ShippedEntry, inherited: boolean): boolean => {
    const own = inherited || PLATFORM_PAGES.includes(e.row.component);
    const kids = (children.get(e.key) ?? []).map((c) => visit(c, own));
    const result = own || (e.row.uri_type === 1 && !e.row.component && kids.length > 0 && kids.every(Boolean));
    if (result) only.add(e.key);
    return result;
  };
  for (const e of entries) if (e.parentKey === null) visit(e, false);
  return only;
}
