import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { say } from '@/api/schema/messages.ts';
import { ApiError, ok, refuse, editedVersion, staleEdit } from '../../infra/http/http.ts';
import { STATUS_NAMES, liveStatus, publishProblems, stepProblems, type Campaign, type CampaignType } from '@/api/rules/campaign-rules.ts';
import { campaignApi } from '@/api/table/content.ts';
import { mount } from '../../infra/http/mount.ts';

/** A campaign as the lists answer it: the console's Campaign, with who submitted, reviewed and last changed it. */
interface CampaignRow extends Omit<Campaign, 'missing'> {
  submittedBy: string | null;
  submittedAt: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  updatedBy: string | null;
  updatedAt: string;
}

const COLUMNS = `c.id, c.type, c.name, c.status, c.steps, c.current_step AS "currentStep",
  to_json(c.start_at) #>> '{}' AS "startAt", to_json(c.end_at) #>> '{}' AS "endAt", c.version, c.reject_reason AS "rejectReason",
  su.nickname AS "submittedBy", to_json(c.submitted_at) #>> '{}' AS "submittedAt",
  ru.nickname AS "reviewedBy", uu.nickname AS "updatedBy", to_json(c.reviewed_at) #>> '{}' AS "reviewedAt", to_json(c.updated_at) #>> '{}' AS "updatedAt"`;
const FROM = `campaign c LEFT JOIN app_user su ON su.id = c.submitted_by LEFT JOIN app_user ru ON ru.id = c.reviewed_by
  LEFT JOIN app_user uu ON uu.id = c.updated_by`;

/** A campaign as answered: its status from the audit and the dates, and what publishing still misses. */
const present = (c: CampaignRow) => ({ ...c, status: liveStatus(c), missing: publishProblems(c.steps, c.type) });

/**
 * Campaigns of the content area (SPEC leaves the calls unshown, docs/api.md "Campaigns"): each type's list,
 * a draft saved step by step (by version), submitted for audit once every step is complete, and the audit (approve,
 * or reject with a reason) by someone other than the submitter. Each change of status is one statement that names
 * the status it leaves, so two reviewers cannot both decide.
 */
export function campaignRoutes(db: Db) {
  const app = new Hono<AppEnv>();

  const campaignOf = async (tenantId: number, id: number) => {
    const [row] = await db.query<CampaignRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE c.id = $1 AND c.tenant_id = $2`, [id, tenantId]);
    if (!row) throw new ApiError('活动不存在或已被删除');
    return row;
  };

  mount(app, campaignApi.list, async (c) => {
    const { type, keyword, pageNum, pageSize } = c.var.body;
    const s = c.get('session');
    const where = `c.tenant_id = $1 AND ($2 = '' OR c.type = $2) AND ($3 = '' OR strpos(lower(c.name), lower($3)) > 0)`;
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM campaign c WHERE ${where}`, [s.tenantId, type, keyword]);
    const rows = await db.query<CampaignRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY c.id DESC LIMIT $4 OFFSET $5`, [
      s.tenantId,
      type,
      keyword,
      pageSize,
      (pageNum - 1) * pageSize,
    ]);
    return { ...ok(rows.map(present)), count: n };
  });

  mount(app, campaignApi.detail, async (c) => {
    return ok(present(await campaignOf(c.get('session').tenantId, c.var.body.id)));
  });

  /**
   * A step of a draft: `{ type, step, data }` starts one; `{ id, version, step, data }` saves a step of one (stale
   * versions refused). The step's own problems come back with it; a draft may hold them until it is submitted.
   */
  mount(app, campaignApi.saveStep, async (c) => {
    const body = c.var.body;
    const s = c.get('session');
    const { step, data } = body;
    const next = body.currentStep ?? step;
    const base = step === 'campaign-base-info' ? (data as { name?: unknown; startAt?: unknown; endAt?: unknown }) : null;
    const instant = (v: unknown) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null);
    if (body.id === null) {
      const { type } = body;
      if (type === undefined) throw refuse('type', say('campaignType'));
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO campaign (tenant_id, type, name, steps, current_step, start_at, end_at, created_by, updated_by)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $8) RETURNING id`,
        [
          s.tenantId,
          type,
          typeof base?.name === 'string' ? base.name.trim().slice(0, 50) : '',
          JSON.stringify({ [step]: data }),
          next,
          instant(base?.startAt),
          instant(base?.endAt),
          s.userId,
        ],
      );
      return ok({ id: row.id, version: 1, problems: stepProblems(step, data, type as CampaignType) });
    }
    const { id } = body;
    const version = editedVersion(body, '活动');
    const before = await campaignOf(s.tenantId, id);
    if (before.status === 'pending') throw new ApiError('活动正在审核中，不能修改');
    if (before.status === 'scheduled') throw new ApiError('活动已审核通过，不能修改');
    // A rejected campaign goes back to draft once it is changed.
    const [row] = await db.query<{ version: number }>(
      `UPDATE campaign SET steps = steps || jsonb_build_object($3::text, $4::jsonb), current_step = $5,
              name = CASE WHEN $6::text IS NULL THEN name ELSE $6 END,
              start_at = CASE WHEN $9 THEN $7::timestamptz ELSE start_at END, end_at = CASE WHEN $9 THEN $8::timestamptz ELSE end_at END,
              status = 'draft', version = version + 1, updated_by = $10, updated_at = now()
        WHERE id = $1 AND tenant_id = $2 AND version = $11 AND status IN ('draft', 'rejected')
        RETURNING version`,
      [
        id,
        s.tenantId,
        step,
        JSON.stringify(data),
        next,
        base ? (typeof base.name === 'string' ? base.name.trim().slice(0, 50) : '') : null,
        instant(base?.startAt),
        instant(base?.endAt),
        Boolean(base),
        s.userId,
        version,
      ],
    );
    if (!row) {
      const now = await campaignOf(s.tenantId, id);
      throw staleEdit('这个活动', version, now.version, now.updatedBy);
    }
    return ok({ id, version: row.version, problems: stepProblems(step, data, before.type) });
  });

  /** Submits for audit once every step is complete; else names what is missing (values.missing), nothing changed. */
  mount(app, campaignApi.submit, async (c) => {
    const { id, version } = c.var.body;
    const s = c.get('session');
    const campaign = await campaignOf(s.tenantId, id);
    const missing = publishProblems(campaign.steps, campaign.type);
    if (missing.length) {
      throw new ApiError(`还有 ${missing.length} 个步骤未完成：${missing.map((m) => m.name).join('、')}`, { values: { missing } });
    }
    const [row] = await db.query<{ version: number }>(
      `UPDATE campaign SET status = 'pending', submitted_by = $3, submitted_at = now(), reject_reason = '', version = version + 1, updated_at = now()
        WHERE id = $1 AND tenant_id = $2 AND status IN ('draft', 'rejected') AND ($4 = 0 OR version = $4) RETURNING version`,
      [id, s.tenantId, s.userId, version],
    );
    if (!row) throw new ApiError(`活动当前为“${STATUS_NAMES[liveStatus(campaign)]}”，或已被他人修改，不能提交审核`);
    return ok({ id, version: row.version });
  });

  /** Back from review to draft (撤回): out of the audit list and editable again. Only a campaign waiting for review. */
  mount(app, campaignApi.withdraw, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    const [row] = await db.query<{ version: number }>(
      `UPDATE campaign SET status = 'draft', submitted_by = NULL, submitted_at = NULL, version = version + 1, updated_by = $3, updated_at = now()
        WHERE id = $1 AND tenant_id = $2 AND status = 'pending' RETURNING version`,
      [id, s.tenantId, s.userId],
    );
    if (!row) throw new ApiError(`“${STATUS_NAMES[liveStatus(await campaignOf(s.tenantId, id))]}”的活动不能撤回`);
    return ok({ version: row.version });
  });

  /** Deletes a draft or a rejected campaign; one under review or approved stays (withdraw it first). */
  mount(app, campaignApi.remove, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    const [row] = await db.query(`DELETE FROM campaign WHERE id = $1 AND tenant_id = $2 AND status IN ('draft', 'rejected') RETURNING id`, [
      id,
      s.tenantId,
    ]);
    if (!row) throw new ApiError(`“${STATUS_NAMES[liveStatus(await campaignOf(s.tenantId, id))]}”的活动不能删除`);
    return ok();
  });

  mount(app, campaignApi.auditList, async (c) => {
    const { status } = c.var.body;
    const s = c.get('session');
    const rows = await db.query<CampaignRow>(
      `SELECT ${COLUMNS} FROM ${FROM}
        WHERE c.tenant_id = $1 AND c.submitted_at IS NOT NULL AND ($2 = '' OR c.status = $2)
        ORDER BY (c.status = 'pending') DESC, c.submitted_at DESC LIMIT 200`,
      [s.tenantId, status],
    );
    return ok(rows.map(present));
  });

  const decide = async <E extends AppEnv>(c: Context<E>, approve: boolean, id: number, reason: string) => {
    const s = c.get('session');
    const campaign = await campaignOf(s.tenantId, id);
    const [row] = await db.query<{ submitted_by: number }>(
      `UPDATE campaign SET status = $3, reviewed_by = $4, reviewed_at = now(), reject_reason = $5, version = version + 1, updated_at = now()
        WHERE id = $1 AND tenant_id = $2 AND status = 'pending' AND submitted_by <> $4 RETURNING submitted_by`,
      [id, s.tenantId, approve ? 'scheduled' : 'rejected', s.userId, approve ? '' : reason],
    );
    if (!row) {
      const [mine] = await db.query('SELECT 1 FROM campaign WHERE id = $1 AND submitted_by = $2 AND status = $3', [
        id,
        s.userId,
        'pending',
      ]);
      throw new ApiError(mine ? '不能审核自己提交的活动' : `活动当前为“${STATUS_NAMES[liveStatus(campaign)]}”，不在待审核状态`);
    }
    return ok();
  };
  mount(app, campaignApi.approve, (c) => decide(c, true, c.var.body.id, ''));
  mount(app, campaignApi.reject, (c) => decide(c, false, c.var.body.id, c.var.body.reason));

  return app;
}
