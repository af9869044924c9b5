import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../access/auth.ts';
import type { Db } from '../../infra/db/db.ts';
import { say } from '@/api/schema/messages.ts';
import { ApiError, ok, refuse, editedVersion, staleEdit } from '../../infra/http/http.ts';
import { STATUS_NAMES, liveStatus, publishProblems, stepProblems, type CampaignType } from '@/api/rules/campaign-rules.ts';
import { campaignApi } from '@/api/table/content.ts';
import { mount } from '../../infra/http/mount.ts';

import * as q from './queries.ts';
import type { CampaignRow } from './queries.ts';

/** A campaign as answered:/** A campaign as answered: its status from the audit and the dates, and what publishing still misses. */
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
    const row = await q.campaignById(db, tenantId, id);
    if (!row) throw new ApiError('活动不存在或已被删除');
    return row;
  };

  mount(app, campaignApi.list, async (c) => {
    const { type, keyword, pageNum, pageSize } = c.var.body;
    const s = c.get('session');
    const { rows, count } = await q.campaignPage(db, s.tenantId, { type, keyword, pageNum, pageSize });
    return { ...ok(rows.map(present)), count };
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
    const facts: q.BaseFacts | null = base
      ? {
          name: typeof base.name === 'string' ? base.name.trim().slice(0, 50) : '',
          startAt: instant(base.startAt),
          endAt: instant(base.endAt),
        }
      : null;
    if (body.id === null) {
      const { type } = body;
      if (type === undefined) throw refuse('type', say('campaignType'));
      const made = await q.insertDraft(db, s.tenantId, s.userId, { type, step, data, currentStep: next, base: facts });
      return ok({ id: made, version: 1, problems: stepProblems(step, data, type as CampaignType) });
    }
    const { id } = body;
    const version = editedVersion(body, '活动');
    const before = await campaignOf(s.tenantId, id);
    if (before.status === 'pending') throw new ApiError('活动正在审核中，不能修改');
    if (before.status === 'scheduled') throw new ApiError('活动已审核通过，不能修改');
    // A rejected campaign goes back to draft once it is changed.
    const saved = await q.saveStep(db, s.tenantId, s.userId, { id, version, step, data, currentStep: next, base: facts });
    if (saved === undefined) {
      const now = await campaignOf(s.tenantId, id);
      throw staleEdit('这个活动', version, now.version, now.updatedBy);
    }
    return ok({ id, version: saved, problems: stepProblems(step, data, before.type) });
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
    const submittedAt = await q.submit(db, s.tenantId, s.userId, id, version);
    if (submittedAt === undefined) throw new ApiError(`活动当前为“${STATUS_NAMES[liveStatus(campaign)]}”，或已被他人修改，不能提交审核`);
    return ok({ id, version: submittedAt });
  });

  /** Back from review to draft (撤回): out of the audit list and editable again. Only a campaign waiting for review. */
  mount(app, campaignApi.withdraw, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    const withdrawn = await q.withdraw(db, s.tenantId, s.userId, id);
    if (withdrawn === undefined) throw new ApiError(`“${STATUS_NAMES[liveStatus(await campaignOf(s.tenantId, id))]}”的活动不能撤回`);
    return ok({ version: withdrawn });
  });

  /** Deletes a draft or a rejected campaign; one under review or approved stays (withdraw it first). */
  mount(app, campaignApi.remove, async (c) => {
    const { id } = c.var.body;
    const s = c.get('session');
    if (!(await q.deleteDraft(db, s.tenantId, id)))
      throw new ApiError(`“${STATUS_NAMES[liveStatus(await campaignOf(s.tenantId, id))]}”的活动不能删除`);
    return ok();
  });

  mount(app, campaignApi.auditList, async (c) => {
    const { status } = c.var.body;
    const s = c.get('session');
    const rows = await q.submitted(db, s.tenantId, status);
    return ok(rows.map(present));
  });

  const decide = async <E extends AppEnv>(c: Context<E>, approve: boolean, id: number, reason: string) => {
    const s = c.get('session');
    const campaign = await campaignOf(s.tenantId, id);
    if (!(await q.decide(db, s.tenantId, s.userId, id, approve, reason))) {
      const mine = await q.waitsForReviewBy(db, id, s.userId);
      throw new ApiError(mine ? '不能审核自己提交的活动' : `活动当前为“${STATUS_NAMES[liveStatus(campaign)]}”，不在待审核状态`);
    }
    return ok();
  };
  mount(app, campaignApi.approve, (c) => decide(c, true, c.var.body.id, ''));
  mount(app, campaignApi.reject, (c) => decide(c, false, c.var.body.id, c.var.body.reason));

  return app;
}
