import { createHmac } from 'node:crypto';
import type { Db } from '../infra/db/db.ts';
import type { Secrets } from '../infra/secrets.ts';
import { postOutbound, targetProblem } from '../infra/outbound.ts';
import type { SmsPlatformSave } from '@/api/schema/system/sms-platform.ts';

/** A stored SMS platform: what a save sends, with its tenant; `secret` is the sealed one, `templates` one per purpose. */
export interface SmsPlatformRow extends Omit<SmsPlatformSave, 'id' | 'templates'> {
  id: number;
  tenantId: number;
  templates: Record<string, string>;
}

export const PLATFORM_COLUMNS = `id, tenant_id AS "tenantId", type, name, endpoint, access_key AS "accessKey", secret,
  sign_name AS "signName", templates, active, to_json(updated_at) #>> '{}' AS "updatedAt"`;

/** The tenant's active platform, if it has one. */
export async function activePlatform(db: Db, tenantId: number): Promise<SmsPlatformRow | null> {
  const [row] = await db.query<SmsPlatformRow>(`SELECT ${PLATFORM_COLUMNS} FROM sms_platform WHERE tenant_id = $1 AND active`, [tenantId]);
  return row ?? null;
}

/**
 * Sends one SMS through a platform of type `http` (a generic gateway): POST JSON { phone, signName, templateId,
 * params, timestamp } with X-Access-Key, X-Timestamp and X-Signature (hex HMAC-SHA256 of `timestamp.body` under the
 * platform's secret). Any 2xx is sent; anything else, or no answer in 5 s, is a failure with its reason.
 */
export async function sendThrough(
  platform: SmsPlatformRow,
  secrets: Secrets,
  sms: { phone: string; purpose: string; params: Record<string, string> },
  allowPrivateTargets: boolean,
): Promise<{ ok: true } | { ok: false; error: string }> {
  // Checked again at each send: a host that resolved to a public address when saved may not any more.
  const problem = await targetProblem(platform.endpoint, allowPrivateTargets);
  if (problem) return { ok: false, error: problem };
  const templateId = platform.templates[sms.purpose];
  if (!templateId) return { ok: false, error: `平台未配置“${sms.purpose}”的模板` };
  const secret = platform.secret ? secrets.decrypt(platform.secret) : '';
  if (secret === null) return { ok: false, error: '平台密钥无法解密（服务器密钥已更换？）' };
  const timestamp = String(Date.now());
  const body = JSON.stringify({ phone: sms.phone, signName: platform.signName, templateId, params: sms.params, timestamp });
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  try {
    const res = await postOutbound(platform.endpoint, {
      headers: {
        'Content-Type': 'application/json',
        'X-Access-Key': platform.accessKey,
        'X-Timestamp': timestamp,
        'X-Signature': signature,
      },
      body,
      timeoutMs: 5000,
      allowPrivate: allowPrivateTargets,
    });
    if (res.ok) return { ok: true };
    return { ok: false, error: `平台回应 HTTP ${res.status}` };
  } catch (err) {
    return {
      ok: false,
      error:
        err instanceof Error && err.name === 'TimeoutError'
          ? '平台 5 秒内没有回应'
          : `无法连接平台：${err instanceof Error ? err.message : String(err)}`,
    };
  }
}
