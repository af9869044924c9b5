import { describe, expect, inject, it } from 'vitest';
import { callsOn, signedIn } from '../support/api.ts';

// Campaigns (issue 15): a draft saved step by step by version, submitted once complete, audited by another user.
const baseUrl = inject('baseUrl');
const { call } = callsOn(baseUrl);
type Saved = { id: number; version: number; problems: Record<string, string> };
const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const complete = {
  'campaign-base-info': { name: '双十一大转盘', startAt: day(1), endAt: day(10) },
  'choice-template-component': { template: 'wheel' },
  'wx-share-setting': { title: '来抽奖', image: '/uploads/scrm/1/2026-11-23/0123456789abcdef01234567.png', imageSquare: true },
  'draw-setting': { drawsPerUser: 3, drawsPerDay: 1 },
  'prize-setting': {
    prizes: [
      { name: '一等奖', stock: 1, probability: 0.5, image: '' },
      { name: '优惠券', stock: 1000, probability: 30, image: '' },
    ],
  },
  'appoint-setting': { testers: ['13800000001'] },
  'popularizing-channel': { channels: [{ name: '公众号', code: 'wx_mp' }] },
  'senior-setting': { membersOnly: true },
};

describe('campaigns', () => {
  it('a draft is saved step by step (stale versions refused), resumes where it stopped, and names what publishing misses', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const first = await call<Saved>(admin.token, '/v1/campaign/saveStep', {
      type: 'lottery',
      step: 'campaign-base-info',
      data: { name: '草稿活动', startAt: day(2), endAt: day(1) },
    });
    expect(first.values).toMatchObject({ version: 1, problems: { endAt: '结束时间须晚于开始时间' } });
    const id = first.values!.id;
    const prizes = await call<Saved>(admin.token, '/v1/campaign/saveStep', {
      id,
      version: 1,
      step: 'prize-setting',
      currentStep: 'prize-setting',
      data: {
        prizes: [
          { name: 'A', stock: 1, probability: 60, image: '' },
          { name: 'B', stock: 1, probability: 50.5, image: '' },
        ],
      },
    });
    expect(prizes.values).toMatchObject({ version: 2, problems: { prizes: '中奖概率合计 110.5%，不能超过 100%' } });
    expect(await call(admin.token, '/v1/campaign/saveStep', { id, version: 1, step: 'draw-setting', data: {} })).toMatchObject({
      field: 'version',
      values: { stale: true, version: 2 },
    });
    const detail = await call<{ currentStep: string; status: string; missing: Array<{ step: string; name: string }>; name: string }>(
      admin.token,
      '/v1/campaign/detail',
      { id },
    );
    expect(detail.values).toMatchObject({ currentStep: 'prize-setting', status: 'draft', name: '草稿活动' });
    expect(detail.values!.missing.map((m) => m.name)).toEqual([
      '活动基础信息',
      '模板设置',
      '微信分享设置',
      '抽奖设置',
      '奖品设置',
      '推广渠道',
    ]);
    const submit = await call<{ missing: unknown[] }>(admin.token, '/v1/campaign/submit', { id, version: 2 });
    expect(submit.errmsg).toBe('还有 6 个步骤未完成：活动基础信息、模板设置、微信分享设置、抽奖设置、奖品设置、推广渠道');
    expect(submit.values!.missing).toHaveLength(6);
    const list = await call<Array<{ id: number; type: string }>>(admin.token, '/v1/campaign/list', { type: 'lottery' });
    expect(list.values!.some((c) => c.id === id)).toBe(true);
    expect((await call<Array<{ id: number }>>(admin.token, '/v1/campaign/list', { type: 'vote' })).values!.some((c) => c.id === id)).toBe(
      false,
    );
  });

  it('a complete campaign is submitted, cannot be approved by its submitter, is rejected with a reason, fixed, and approved', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const ta = await signedIn(baseUrl, 'tenantadmin');
    let saved = (
      await call<Saved>(admin.token, '/v1/campaign/saveStep', {
        type: 'lottery',
        step: 'campaign-base-info',
        data: complete['campaign-base-info'],
      })
    ).values!;
    for (const [step, data] of Object.entries(complete).slice(1)) {
      saved = (await call<Saved>(admin.token, '/v1/campaign/saveStep', { id: saved.id, version: saved.version, step, data })).values!;
      expect(saved.problems).toEqual({});
    }
    const id = saved.id;
    expect(await call(admin.token, '/v1/campaign/submit', { id, version: saved.version })).toMatchObject({ result: 'ok' });
    expect(
      (await call(admin.token, '/v1/campaign/saveStep', { id, version: saved.version + 1, step: 'draw-setting', data: {} })).errmsg,
    ).toBe('活动正在审核中，不能修改');
    expect((await call(admin.token, '/v1/campaignAudit/approve', { id })).errmsg).toBe('不能审核自己提交的活动');
    // 工作台 tells a reviewer what waits (not the submitter about their own); someone without the audit page is told nothing
    type Dash = import('@/api/table/statistics.ts').DashboardFigures;
    const name = (await call<{ name: string }>(admin.token, '/v1/campaign/detail', { id })).values!.name;
    const forReviewer = (await call<Dash>(ta.token, '/v1/dataStatistics/dashboard')).values!.pendingAudits!;
    expect(forReviewer.count).toBeGreaterThanOrEqual(1);
    expect(forReviewer.path).toBe('/content-manage/campaign-audit');
    const forSubmitter = (await call<Dash>(admin.token, '/v1/dataStatistics/dashboard')).values!.pendingAudits!;
    expect(forSubmitter.count).toBeLessThan(forReviewer.count);
    expect(forSubmitter.names).not.toContain(name);
    const staff = await signedIn(baseUrl, 'staff');
    expect((await call<Dash>(staff.token, '/v1/dataStatistics/dashboard')).values!.pendingAudits).toBeNull();
    expect(await call(ta.token, '/v1/campaignAudit/reject', { id, reason: '' })).toMatchObject({
      field: 'reason',
      errmsg: '请填写驳回原因',
    });
    // The audit calls' bodies are checked by their schema: the reason's length, an unknown key, a bad status.
    expect(await call(ta.token, '/v1/campaignAudit/reject', { id, reason: '因'.repeat(201) })).toMatchObject({
      field: 'reason',
      errmsg: '驳回原因不能超过 200 个字',
    });
    expect(await call(ta.token, '/v1/campaignAudit/approve', { id, reason: 'x' })).toMatchObject({
      field: 'reason',
      errmsg: '请求含有未知字段 reason，请删除后重试',
    });
    expect(await call(ta.token, '/v1/campaignAudit/list', { status: 'all' })).toMatchObject({ field: 'status', errmsg: '活动状态不正确' });
    expect(await call(ta.token, '/v1/campaignAudit/reject', { id, reason: '奖品图片缺失' })).toEqual({ result: 'ok' });
    const rejected = (
      await call<{ status: string; rejectReason: string; version: number; reviewedBy: string }>(admin.token, '/v1/campaign/detail', { id })
    ).values!;
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: '奖品图片缺失', reviewedBy: '租户管理员小李' });
    const fixed = (
      await call<Saved>(admin.token, '/v1/campaign/saveStep', {
        id,
        version: rejected.version,
        step: 'senior-setting',
        data: { membersOnly: false },
      })
    ).values!;
    expect(await call(admin.token, '/v1/campaign/submit', { id, version: fixed.version })).toMatchObject({ result: 'ok' });
    const pending = await call<Array<{ id: number; status: string }>>(ta.token, '/v1/campaignAudit/list', { status: 'pending' });
    expect(pending.values!.some((c) => c.id === id)).toBe(true);
    // two decisions at once: exactly one lands
    const both = await Promise.all([
      call(ta.token, '/v1/campaignAudit/approve', { id }),
      call(ta.token, '/v1/campaignAudit/reject', { id, reason: '重复' }),
    ]);
    expect(both.filter((a) => a.result === 'ok')).toHaveLength(1);
    const after = (await call<{ status: string }>(admin.token, '/v1/campaign/detail', { id })).values!;
    expect(['scheduled', 'rejected']).toContain(after.status);
  });

  it('a campaign under review is withdrawn to draft (leaving the audit list); a draft is deleted, one under review is not', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const admin2 = await signedIn(baseUrl, 'admin2');
    let saved = (
      await call<Saved>(admin.token, '/v1/campaign/saveStep', {
        type: 'lottery',
        step: 'campaign-base-info',
        data: { ...complete['campaign-base-info'], name: '撤回测试' },
      })
    ).values!;
    for (const [step, data] of Object.entries(complete).slice(1)) {
      saved = (await call<Saved>(admin.token, '/v1/campaign/saveStep', { id: saved.id, version: saved.version, step, data })).values!;
    }
    const id = saved.id;
    expect((await call(admin.token, '/v1/campaign/withdraw', { id })).errmsg).toBe('“草稿”的活动不能撤回');
    expect(await call(admin.token, '/v1/campaign/submit', { id, version: saved.version })).toMatchObject({ result: 'ok' });
    expect((await call(admin.token, '/v1/campaign/del', { id })).errmsg).toBe('“待审核”的活动不能删除');
    expect((await call(admin2.token, '/v1/campaign/withdraw', { id })).errmsg).toBe('活动不存在或已被删除');
    const audit = async () => ((await call<Array<{ id: number }>>(admin.token, '/v1/campaignAudit/list')).values ?? []).map((c) => c.id);
    expect(await audit()).toContain(id);
    expect(await call(admin.token, '/v1/campaign/withdraw', { id })).toMatchObject({ result: 'ok' });
    expect((await call<{ status: string }>(admin.token, '/v1/campaign/detail', { id })).values!.status).toBe('draft');
    expect(await audit()).not.toContain(id);
    // withdrawn, it can be changed again, and then deleted
    const detail = (await call<{ version: number }>(admin.token, '/v1/campaign/detail', { id })).values!;
    expect(
      await call(admin.token, '/v1/campaign/saveStep', {
        id,
        version: detail.version,
        step: 'senior-setting',
        data: { membersOnly: false },
      }),
    ).toMatchObject({ result: 'ok' });
    expect((await call(admin2.token, '/v1/campaign/del', { id })).errmsg).toBe('活动不存在或已被删除');
    expect(await call(admin.token, '/v1/campaign/del', { id })).toMatchObject({ result: 'ok' });
    expect((await call(admin.token, '/v1/campaign/detail', { id })).errmsg).toBe('活动不存在或已被删除');
    expect((await call(admin.token, '/v1/campaign/del', { id: 'x' })).field).toBe('id');
  });

  it('keeps campaigns in their tenant, and audit to the audit page’s holders', async () => {
    const admin = await signedIn(baseUrl, 'admin');
    const admin2 = await signedIn(baseUrl, 'admin2');
    const id = (
      await call<Saved>(admin.token, '/v1/campaign/saveStep', { type: 'vote', step: 'campaign-base-info', data: { name: '投票' } })
    ).values!.id;
    expect((await call(admin2.token, '/v1/campaign/detail', { id })).errmsg).toBe('活动不存在或已被删除');
    expect((await call(admin2.token, '/v1/campaignAudit/approve', { id })).errmsg).toBe('活动不存在或已被删除');
    const staff = await signedIn(baseUrl, 'staff');
    for (const path of [
      '/v1/campaign/list',
      '/v1/campaign/saveStep',
      '/v1/campaign/withdraw',
      '/v1/campaign/del',
      '/v1/campaignAudit/list',
      '/v1/campaignAudit/approve',
    ])
      expect(await call(staff.token, path, { id })).toMatchObject({ result: 403 });
  });
});
