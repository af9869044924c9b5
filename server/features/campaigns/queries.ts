import type { Queryable } from '../../infra/db/db.ts';
import type { Campaign } from '@/api/rules/campaign-rules.ts';

/*
 * The campaigns' SQL (issue 44 part 4): the lists, a draft saved step by step, and the audit. Each change of status is
 * one statement that names the status it leaves, so two reviewers cannot both decide. The routes
 * (server/features/campaigns/routes.ts) check the steps and say why a change was refused; the statements are here.
 */

/** A campaign as the lists answer it: the console's Campaign, with who submitted, reviewed and last changed it. */
export interface CampaignRow extends Omit<Campaign, 'missing'> {
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

/** One campaign of the tenant, or undefined. */
export async function campaignById(db: Queryable, tenantId: number, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db.query<CampaignRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE c.id = $1 AND c.tenant_id = $2`, [id, tenantId]);
  return row;
}

/** A page of the tenant's campaigns of a type ('' any) whose name contains the keyword, newest first; and how many. */
export async function campaignPage(
  db: Queryable,
  tenantId: number,
  f: { type: string; keyword: string; pageNum: number; pageSize: number },
) {
  const where = `c.tenant_id = $1 AND ($2 = '' OR c.type = $2) AND ($3 = '' OR strpos(lower(c.name), lower($3)) > 0)`;
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM campaign c WHERE ${where}`, [tenantId, f.type, f.keyword]);
  const rows = await db.query<CampaignRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY c.id DESC LIMIT $4 OFFSET $5`, [
    tenantId,
    f.type,
    f.keyword,
    f.pageSize,
    (f.pageNum - 1) * f.pageSize,
  ]);
  return { rows, count: n };
}

/** A step's base facts: the campaign's name and dates (null: the step does not set them). */
export interface BaseFacts {
  name: string;
  startAt: string | null;
  endAt: string | null;
}

/** A new draft with its first step; its id. */
export async function insertDraft(
  db: Queryable,
  tenantId: number,
  userId: number,
  draft: { type: string; step: string; data: unknown; currentStep: string; base: BaseFacts | null },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO campaign (tenant_id, type, name, steps, current_step, start_at, end_at, created_by, updated_by)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $8) RETURNING id`,
    [
      tenantId,
      draft.type,
      draft.base?.name ?? '',
      JSON.stringify({ [draft.step]: draft.data }),
      draft.currentStep,
      draft.base?.startAt ?? null,
      draft.base?.endAt ?? null,
      userId,
    ],
  );
  return row.id;
}

/**
 * A step of a draft or rejected campaign saved, if it is still at `version` (a rejected one goes back to draft); its
 * new version, or undefined.
 */
export async function saveStep(
  db: Queryable,
  tenantId: number,
  userId: number,
  edit: { id: number; version: number; step: string; data: unknown; currentStep: string; base: BaseFacts | null },
): Promise<number | undefined> {
  const [row] = await db.query<{ version: number }>(
    `UPDATE campaign SET steps = steps || jsonb_build_object($3::text, $4::jsonb), current_step = $5,
            name = CASE WHEN $6::text IS NULL THEN name ELSE $6 END,
            start_at = CASE WHEN $9 THEN $7::timestamptz ELSE start_at END, end_at = CASE WHEN $9 THEN $8::timestamptz ELSE end_at END,
            status = 'draft', version = version + 1, updated_by = $10, updated_at = now()
      WHERE id = $1 AND tenant_id = $2 AND version = $11 AND status IN ('draft', 'rejected')
      RETURNING version`,
    [
      edit.id,
      tenantId,
      edit.step,
      JSON.stringify(edit.data),
      edit.currentStep,
      edit.base ? edit.base.name : null,
      edit.base?.startAt ?? null,
      edit.base?.endAt ?? null,
      Boolean(edit.base),
      userId,
      edit.version,
    ],
  );
  return row?.version;
}

/** A draft or rejected campaign submitted for review (at `version`, 0: any); its new version, or undefined. */
export async function submit(db: Queryable, tenantId: number, userId: number, id: number, version: number) {
  const [row] = await db.query<{ version: number }>(
    `UPDATE campaign SET status = 'pending', submitted_by = $3, submitted_at = now(), reject_reason = '', version = version + 1, updated_at = now()
      WHERE id = $1 AND tenant_id = $2 AND status IN ('draft', 'rejected') AND ($4 = 0 OR version = $4) RETURNING version`,
    [id, tenantId, userId, version],
  );
  return row?.version;
}

/** A campaign waiting for review back to draft; its new version, or undefined. */
export async function withdraw(db: Queryable, tenantId: number, userId: number, id: number) {
  const [row] = await db.query<{ version: number }>(
    `UPDATE campaign SET status = 'draft', submitted_by = NULL, submitted_at = NULL, version = version + 1, updated_by = $3, updated_at = now()
      WHERE id = $1 AND tenant_id = $2 AND status = 'pending' RETURNING version`,
    [id, tenantId, userId],
  );
  return row?.version;
}

/** A draft or rejected campaign deleted; false when there was none such. */
export async function deleteDraft(db: Queryable, tenantId: number, id: number): Promise<boolean> {
  const rows = await db.query(`DELETE FROM campaign WHERE id = $1 AND tenant_id = $2 AND status IN ('draft', 'rejected') RETURNING id`, [
    id,
    tenantId,
  ]);
  return rows.length > 0;
}

/** The tenant's submitted campaigns of a status ('' any), those waiting first, then newest submitted (at most 200). */
export const submitted = (db: Queryable, tenantId: number, status: string) =>
  db.query<CampaignRow>(
    `SELECT ${COLUMNS} FROM ${FROM}
      WHERE c.tenant_id = $1 AND c.submitted_at IS NOT NULL AND ($2 = '' OR c.status = $2)
      ORDER BY (c.status = 'pending') DESC, c.submitted_at DESC LIMIT 200`,
    [tenantId, status],
  );

/** One statement: a campaign waiting for review decided by someone other than its submitter; whether it was. */
export async function decide(db: Queryable, tenantId: number, reviewerId: number, id: number, approve: boolean, reason: string) {
  const rows = await db.query<{ submitted_by: number }>(
    `UPDATE campaign SET status = $3, reviewed_by = $4, reviewed_at = now(), reject_reason = $5, version = version + 1, updated_at = now()
      WHERE id = $1 AND tenant_id = $2 AND status = 'pending' AND submitted_by <> $4 RETURNING submitted_by`,
    [id, tenantId, approve ? 'scheduled' : 'rejected', reviewerId, approve ? '' : reason],
  );
  return rows.length > 0;
}

/** Whether the user submitted this campaign and it waits for review. */
export async function waitsForReviewBy(db: Queryable, id: number, userId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM campaign WHERE id = $1 AND submitted_by = $2 AND status = $3', [id, userId, 'pending'])).length > 0;
}
