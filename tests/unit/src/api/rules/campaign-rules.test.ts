import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STEPS, STATUS_NAMES, STEP_NAMES, liveStatus, publishProblems, stepProblems } from '@/api/rules/campaign-rules.ts';
import { englishOf } from '@/i18n/client-messages.ts';
import { serverEnglishOf } from '@server/infra/http/language.ts';

// The campaign wizard's rules (issue 15): each step's own fields; publishing lists what is missing, in step order.
describe('campaign rules', () => {
  it('prize probabilities (two decimals) may add up to 100% and not beyond, whatever the split', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 20 }), (cents) => {
        const prizes = cents.map((c, i) => ({ name: `奖品${i}`, stock: 1, probability: c / 100, image: '' }));
        const total = cents.reduce((a, b) => a + b, 0);
        const problem = stepProblems('prize-setting', { prizes }).prizes;
        return total <= 10_000 ? problem === undefined : problem === `中奖概率合计 ${total / 100}%，不能超过 100%`;
      }),
    );
  });

  it('times: the end after the start; draws: no more a day than in all', () => {
    expect(stepProblems('campaign-base-info', { name: 'x', startAt: '2026-12-01T00:00:00Z', endAt: '2026-12-01T00:00:00Z' })).toEqual({
      endAt: '结束时间须晚于开始时间',
    });
    // A time that named none is said as such (issue 45); a bare day or a month name is no start time either.
    expect(stepProblems('campaign-base-info', { name: 'x', startAt: '?2026-12-01 25:99', endAt: '2026-12-02T00:00:00Z' })).toEqual({
      startAt: '请输入正确的时间，如 09:30',
    });
    expect(stepProblems('campaign-base-info', { name: 'x', startAt: '2026-12-01', endAt: 'December 2, 2026' })).toEqual({
      startAt: '请选择开始时间',
      endAt: '请选择结束时间',
    });
    expect(stepProblems('draw-setting', { drawsPerUser: 2, drawsPerDay: 3 })).toEqual({ drawsPerDay: '每日次数不能多于每人总次数' });
    // not a lottery: no draws, no prizes
    expect(stepProblems('draw-setting', {}, 'vote')).toEqual({});
    expect(stepProblems('prize-setting', {}, 'vote')).toEqual({});
  });

  it('the share image is an address and square (SPEC 5)', () => {
    expect(stepProblems('wx-share-setting', { title: '分享', image: '/uploads/x.png', imageSquare: false })).toEqual({
      image: '请上传宽高相等的图片',
    });
    expect(stepProblems('wx-share-setting', { title: '分享', image: 'javascript:1' })).toEqual({ image: '请上传分享图' });
  });

  it('testers are distinct phones; channels have distinct codes', () => {
    expect(stepProblems('appoint-setting', { testers: ['13800000001', '13800000001'] })).toEqual({ testers: '内测人手机号有重复' });
    expect(stepProblems('appoint-setting', { testers: ['123'] })).toEqual({ testers: '内测人手机号不正确：123' });
    expect(stepProblems('appoint-setting', {})).toEqual({});
    expect(
      stepProblems('popularizing-channel', {
        channels: [
          { name: 'a', code: 'x' },
          { name: 'b', code: 'x' },
        ],
      }),
    ).toEqual({ channels: '渠道编码不能重复' });
  });

  it('publishing names every incomplete step in order; an empty lottery misses all but the optional ones', () => {
    expect(publishProblems({}, 'lottery').map((m) => m.step)).toEqual(
      CAMPAIGN_STEPS.map(([s]) => s).filter((s) => s !== 'appoint-setting' && s !== 'senior-setting'),
    );
    expect(publishProblems({}, 'vote').map((m) => m.step)).toEqual([
      'campaign-base-info',
      'choice-template-component',
      'wx-share-setting',
      'popularizing-channel',
    ]);
  });

  it('an approved campaign is scheduled, running or ended by its dates; others keep their status', () => {
    const now = Date.parse('2026-11-23T00:00:00Z');
    const c = (startAt: string, endAt: string) => liveStatus({ status: 'scheduled', startAt, endAt }, now);
    expect(c('2026-11-24T00:00:00Z', '2026-11-30T00:00:00Z')).toBe('scheduled');
    expect(c('2026-11-22T00:00:00Z', '2026-11-30T00:00:00Z')).toBe('running');
    expect(c('2026-11-01T00:00:00Z', '2026-11-22T00:00:00Z')).toBe('ended');
    expect(liveStatus({ status: 'pending', startAt: '2026-11-01T00:00:00Z', endAt: '2026-11-02T00:00:00Z' }, now)).toBe('pending');
  });

  it('says what each step lacks in English on both sides, and the server names steps and statuses as the page does', () => {
    const broken: Array<Record<string, unknown>> = [
      {},
      { name: '', startAt: 'x', endAt: 'y', description: 'x'.repeat(600), title: '', image: 'x', drawsPerUser: 0, drawsPerDay: 0 },
      { pointsPerDraw: -1, prizes: [], testers: ['x'], channels: [], maxParticipants: -1, membersOnly: 'x' },
      { startAt: '2026-01-02T00:00:00Z', endAt: '2026-01-01T00:00:00Z', drawsPerUser: 2, drawsPerDay: 5 },
      {
        prizes: [
          { name: 'a', stock: 0, probability: 60 },
          { name: 'b', stock: 0, probability: 60 },
        ],
        testers: ['13800000000', '13800000000'],
      },
      {
        prizes: [{ name: 'a', stock: 0, probability: 1 }],
        channels: [
          { name: 'a', code: 'a' },
          { name: 'b', code: 'a' },
        ],
      },
      { prizes: Array.from({ length: 21 }, () => ({ name: 'a', stock: 1, probability: 1 })), channels: [{ name: '', code: '!' }] },
      {
        prizes: [{ name: '', stock: 1, probability: 1 }],
        testers: Array.from({ length: 51 }, (_, i) => `1380000${String(i).padStart(4, '0')}`),
      },
      { startAt: '?09:30', imageSquare: false, image: '/uploads/a.png' },
    ];
    const said = new Set(CAMPAIGN_STEPS.flatMap(([step]) => broken.flatMap((d) => Object.values(stepProblems(step, d)))));
    expect(said.size).toBeGreaterThan(20);
    const cjk = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
    expect([...said].filter((m) => cjk.test(englishOf(m)) || cjk.test(serverEnglishOf(m)))).toEqual([]);
    expect(serverEnglishOf(`还有 2 个步骤未完成：${STEP_NAMES['campaign-base-info']}、${STEP_NAMES['prize-setting']}`)).toBe(
      '2 steps are not done: Basic information, Prizes',
    );
    expect(serverEnglishOf(`活动当前为“${STATUS_NAMES.running}”，不在待审核状态`)).toBe(
      'The campaign is “Running”, not waiting for review',
    );
    expect(serverEnglishOf(`“${STATUS_NAMES.draft}”的活动不能撤回`)).toBe('A campaign “Draft” cannot be withdrawn');
  });
});
