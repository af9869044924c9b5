import type { Queryable } from '../../infra/db/db.ts';
import { PLATFORM_COLUMNS, type SmsPlatformRow } from '../../services/sms-platforms.ts';

/*
 * The SMS platforms' SQL (issue 44 part 4): a tenant's providers, at most one active. The routes
 * (server/features/sms-platforms/routes.ts) check endpoints and seal secrets; services/sms-platforms.ts sends.
 */

/** One platform of the tenant (its secret sealed), or undefined. */
export async function platformById(db: Queryable, tenantId: number, id: number): Promise<SmsPlatformRow | undefined> {
  const [row] = await db.query<SmsPlatformRow>(`SELECT ${PLATFORM_COLUMNS} FROM sms_platform WHERE id = $1 AND tenant_id = $2`, [
    id,
    tenantId,
  ]);
  return row;
}

/** The tenant's platforms, by id. */
export const platformsOf = (db: Queryable, tenantId: number) =>
  db.query<SmsPlatformRow>(`SELECT ${PLATFORM_COLUMNS} FROM sms_platform WHERE tenant_id = $1 ORDER BY id`, [tenantId]);

/** Every other active platform of the tenant turned off. */
export async function deactivateOthers(db: Queryable, tenantId: number, exceptId: number | null): Promise<void> {
  await db.query('UPDATE sms_platform SET active = false WHERE tenant_id = $1 AND active AND ($2::int IS NULL OR id <> $2)', [
    tenantId,
    exceptId,
  ]);
}

type PlatformFields = {
  name: string;
  endpoint: string;
  accessKey: string;
  sealedSecret: string;
  signName: string;
  templates: unknown;
  active: boolean;
};

/**
 * A platform added (id null) or changed; its id, or undefined when the tenant has none such. The unique indexes refuse
 * a taken name or a second active platform: the caller says so.
 */
export async function savePlatform(db: Queryable, tenantId: number, id: number | null, f: PlatformFields) {
  const params = [tenantId, f.name, f.endpoint, f.accessKey, f.sealedSecret, f.signName, JSON.stringify(f.templates), f.active];
  const [row] =
    id === null
      ? await db.query<{ id: number }>(
          `INSERT INTO sms_platform (tenant_id, type, name, endpoint, access_key, secret, sign_name, templates, active)
             VALUES ($1, 'http', $2, $3, $4, $5, $6, $7::jsonb, $8) RETURNING id`,
          params,
        )
      : await db.query<{ id: number }>(
          `UPDATE sms_platform SET name = $2, endpoint = $3, access_key = $4, secret = $5, sign_name = $6, templates = $7::jsonb,
                    active = $8, updated_at = now()
              WHERE id = $9 AND tenant_id = $1 RETURNING id`,
          [...params, id],
        );
  return row?.id;
}

/** A platform of the tenant deleted; false when there was none. */
export async function deletePlatform(db: Queryable, tenantId: number, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM sms_platform WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, tenantId])).length > 0;
}
