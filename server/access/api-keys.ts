import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { SessionInfo } from './auth.ts';
import { PRIVACY_ON, TENANT_ACTIVE } from './auth.ts';
import type { Db } from '../infra/db/db.ts';
import { sha256 } from '../infra/crypto.ts';
import { log } from '../infra/logger.ts';

/** Calls one key may make per minute. */
export const API_KEY_RATE_PER_MINUTE = 120;

/** A new key: `sk_<prefix>_<secret>`; the prefix (12 hex) names it in lists, the whole key is shown once. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const prefix = randomBytes(6).toString('hex');
  const key = `sk_${prefix}_${randomBytes(24).toString('base64url')}`;
  return { key, prefix, hash: sha256(key) };
}

export type KeyCheck =
  | { ok: true; session: SessionInfo; keyId: number; scopes: number[] }
  | { ok: false; status: 401 | 403 | 429; errmsg: string; keyId?: number; tenantId?: number };

/**
 * The session a key stands for: its maker's, in its tenant, while the key is live (not revoked or expired), its maker
 * enabled and its tenant active; then the rate limit (one UPSERT: the minute's count, or a new minute).
 */
export async function checkApiKey(db: Db, key: string): Promise<KeyCheck> {
  const m = /^sk_([0-9a-f]{12})_[A-Za-z0-9_-]{32}$/.exec(key);
  if (!m) return { ok: false, status: 401, errmsg: 'API 密钥无效' };
  const [row] = await db.query<{
    id: number;
    tenant_id: number;
    key_hash: string;
    scopes: number[];
    user_id: number;
    user_type: number;
    live: boolean;
    user_ok: boolean;
    tenant_active: boolean;
    depart_ids: number[];
    privacy_on: boolean;
  }>(
    `SELECT k.id, k.tenant_id, k.key_hash, k.scopes, u.id AS user_id, u.user_type, u.depart_ids, ${PRIVACY_ON('k.tenant_id')} AS privacy_on,
            (k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())) AS live,
            (u.status = 1 AND u.deleted_at IS NULL) AS user_ok, ${TENANT_ACTIVE} AS tenant_active
       FROM api_key k JOIN app_user u ON u.id = k.created_by AND u.tenant_id = k.tenant_id JOIN tenant t ON t.id = k.tenant_id
      WHERE k.prefix = $1`,
    [m[1]],
  );
  const given = Buffer.from(sha256(key));
  if (!row || given.length !== row.key_hash.length || !timingSafeEqual(given, Buffer.from(row.key_hash))) {
    return { ok: false, status: 401, errmsg: 'API 密钥无效' };
  }
  if (!row.live) return { ok: false, status: 401, errmsg: 'API 密钥已吊销或已过期', keyId: row.id, tenantId: row.tenant_id };
  if (!row.user_ok || !row.tenant_active)
    return { ok: false, status: 401, errmsg: 'API 密钥的创建人或企业已停用', keyId: row.id, tenantId: row.tenant_id };
  const [rate] = await db.query<{ calls: number }>(
    `INSERT INTO api_key_rate AS r (key_id, window_start, calls) VALUES ($1, date_trunc('minute', now()), 1)
     ON CONFLICT (key_id) DO UPDATE SET
       calls = CASE WHEN r.window_start = date_trunc('minute', now()) THEN r.calls + 1 ELSE 1 END,
       window_start = date_trunc('minute', now())
     RETURNING calls`,
    [row.id],
  );
  if (rate.calls > API_KEY_RATE_PER_MINUTE) {
    return {
      ok: false,
      status: 429,
      errmsg: `调用过于频繁：每分钟最多 ${API_KEY_RATE_PER_MINUTE} 次`,
      keyId: row.id,
      tenantId: row.tenant_id,
    };
  }
  await db.query('UPDATE api_key SET last_used_at = now() WHERE id = $1', [row.id]);
  return {
    ok: true,
    keyId: row.id,
    scopes: row.scopes,
    session: {
      id: `key-${row.id}`,
      tokenHash: `key:${row.id}`,
      userId: row.user_id,
      tenantId: row.tenant_id,
      userType: row.user_type,
      // A key stands for its maker's grants; the maker's own password state does not reach it (pages only).
      mustChangePassword: false,
      expiresAt: new Date(Date.now() + 60_000),
      lastSeenAt: new Date(),
      permissions: null,
      tenantActive: true,
      departIds: row.depart_ids,
      privacyOn: row.privacy_on,
    },
  };
}

export const recordKeyCall = (db: Db, keyId: number, tenantId: number, method: string, path: string, outcome: string, ip: string) =>
  db
    .query(`INSERT INTO api_key_log (key_id, tenant_id, method, path, outcome, ip) VALUES ($1, $2, $3, $4, $5, $6)`, [
      keyId,
      tenantId,
      method,
      path,
      outcome,
      ip,
    ])
    .catch((err: unknown) => log.error({ err }, 'api key log not written'));
