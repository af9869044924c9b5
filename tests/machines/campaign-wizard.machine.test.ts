import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { campaignWizardMachine, stepStates, type WizardContext } from '@machines/campaign-wizard.machine.ts';
import { CAMPAIGN_STEPS, publishProblems, stepProblems, type CampaignSteps } from '@/api/rules/campaign-rules.ts';
import { controllableActors } from './fake-actors.ts';
import { itFollowsItsTable, itReaches, modelPaths, runPath, type Drive } from './harness.ts';

const day = (d: number) => new Date(Date.UTC(2026, 11, 1 + d)).toISOString();
const complete: CampaignSteps = {
  'campaign-base-info': { name: '大转盘', startAt: day(1), endAt: day(5) },
  'choice-template-component': { template: 'wheel' },
  'wx-share-setting': { title: '来抽奖', image: '/uploads/a.png', imageSquare: true },
  'draw-setting': { drawsPerUser: 3, drawsPerDay: 1 },
  'prize-setting': { prizes: [{ name: '券', stock: 10, probability: 50, image: '' }] },
  'popularizing-channel': { channels: [{ name: '公众号', code: 'mp' }] },
};
const loadedComplete = { id: 9, type: 'lottery', version: 4, steps: complete, currentStep: 'prize-setting' };
const EVENTS = [
  { type: 'EDIT', patch: { name: '改名' } },
  { type: 'EDIT', patch: complete['campaign-base-info'] },
  { type: 'NEXT' },
  { type: 'PREV' },
  { type: 'GO', step: 'senior-setting' },
  { type: 'SAVE' },
  { type: 'SUBMIT' },
  { type: 'LEAVE' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.loadCampaign', output: loadedComplete },
  { type: 'xstate.error.actor.loadCampaign', error: new Error('网络异常，请检查网络后重试') },
  { type: 'xstate.done.actor.saveStep', output: { id: 9, version: 5 } },
  { type: 'xstate.error.actor.saveStep', error: new Error('这个活动已被他人修改') },
  { type: 'xstate.done.actor.submitCampaign', output: { version: 6 } },
  { type: 'xstate.error.actor.submitCampaign', error: new Error('活动正在审核中') },
];

function sut(input: { id?: number | null }) {
  const { actors, settle, inputs, lastInput, log } = controllableActors(['loadCampaign', 'saveStep', 'submitCampaign']);
  const actor = createActor(campaignWizardMachine.provide({ actors: actors as never }), { input }).start();
  return { actor, settle, inputs, lastInput, log };
}

describe('campaign wizard machine (model-based)', () => {
  for (const input of [{ id: 9 }, { id: null }]) {
    const serializeState = (snap: { value: unknown; context: WizardContext }) =>
      JSON.stringify({
        value: snap.value,
        current: snap.context.current,
        dirty: snap.context.dirty,
        id: snap.context.id !== null,
        error: snap.context.error !== null,
        missing: snap.context.missing.length > 0,
        // steps left once show their problems; whether the step on screen passes its rules (下一步 depends on it)
        visited: snap.context.visited.length,
        stepOk: Object.keys(stepProblems(snap.context.current, snap.context.steps[snap.context.current], snap.context.type)).length === 0,
        target: snap.context.target,
        submit: snap.context.submitAfterSave,
      });
    const paths = modelPaths(campaignWizardMachine, { events: EVENTS, serializeState, input, limit: 5000 });
    const loaded = input.id ? ['loadFailed', 'loading', 'submitted', 'submitting'] : [];
    itReaches(
      paths,
      ['confirmingLeave', 'editing', 'left', 'saving', ...loaded],
      `${input.id ? 'an existing' : 'a new'} campaign: reaches its states`,
    );

    const drive: Drive = async (path, table) => {
      const s = sut(input);
      await runPath(
        path,
        s,
        {
          loading: () => expect(s.lastInput('loadCampaign')).toEqual({ id: 9 }),
          // A save sends the step on screen with exactly what it holds, and the version it was made on.
          saving: (snap) =>
            expect(s.lastInput('saveStep')).toEqual({
              id: snap.context.id,
              type: snap.context.type,
              version: snap.context.version,
              step: snap.context.current,
              data: snap.context.steps[snap.context.current] ?? {},
              currentStep: snap.context.target ?? snap.context.current,
            }),
          // A submit is only of a saved, complete campaign.
          submitting: (snap) => {
            expect(s.lastInput('submitCampaign')).toEqual({ id: snap.context.id, version: snap.context.version });
            expect(publishProblems(snap.context.steps, snap.context.type)).toEqual([]);
            expect(snap.context.dirty).toBe(false);
          },
          confirmingLeave: (snap) => expect(snap.context.dirty).toBe(true),
        },
        table,
      );
    };
    itFollowsItsTable(`campaign-wizard-${input.id ? 'existing' : 'new'}`, campaignWizardMachine, paths, drive, {
      own: 120,
      label: `${input.id ? 'existing' : 'new'}: `,
    });
  }
});

describe('campaign wizard machine: what the user sees', () => {
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('resumes at the step it stopped at, with the steps before it shown done or invalid', async () => {
    const s = sut({ id: 9 });
    s.settle({
      type: 'xstate.done.actor.loadCampaign',
      output: { ...loadedComplete, steps: { ...complete, 'draw-setting': {} } },
    } as never);
    await tick();
    const c = s.actor.getSnapshot().context;
    expect(c.current).toBe('prize-setting');
    const states = Object.fromEntries(stepStates(c).map((x) => [x.step, x.state]));
    expect(states).toMatchObject({ 'campaign-base-info': 'done', 'draw-setting': 'invalid', 'senior-setting': 'todo' });
  });

  it('moving on saves the step first; a failed save keeps the edits and the step', async () => {
    const s = sut({ id: null });
    s.actor.send({ type: 'EDIT', patch: { name: '新活动', startAt: day(1), endAt: day(5) } });
    s.actor.send({ type: 'NEXT' });
    expect(s.actor.getSnapshot().value).toBe('saving');
    s.settle({ type: 'xstate.error.actor.saveStep', error: new Error('网络异常，请检查网络后重试') } as never);
    await tick();
    const c = s.actor.getSnapshot().context;
    expect(c).toMatchObject({ current: 'campaign-base-info', dirty: true, error: '网络异常，请检查网络后重试' });
    expect(c.steps['campaign-base-info']).toEqual({ name: '新活动', startAt: day(1), endAt: day(5) });
    s.actor.send({ type: 'NEXT' });
    s.settle({ type: 'xstate.done.actor.saveStep', output: { id: 3, version: 1 } } as never);
    await tick();
    expect(s.actor.getSnapshot().context).toMatchObject({ id: 3, version: 1, current: 'choice-template-component', dirty: false });
  });

  it('下一步 and a later step in the list check the step first: with problems it stays, saves nothing and shows them', () => {
    const s = sut({ id: null });
    s.actor.send({ type: 'EDIT', patch: { name: '新活动' } });
    for (const event of [{ type: 'NEXT' }, { type: 'GO', step: 'prize-setting' }] as const) {
      s.actor.send(event);
      const snap = s.actor.getSnapshot();
      expect(snap.value).toBe('editing');
      expect(snap.context).toMatchObject({ current: 'campaign-base-info', dirty: true, id: null, visited: ['campaign-base-info'] });
      expect(stepStates(snap.context)[0].state).toBe('invalid');
    }
    expect(s.inputs).toEqual([]);
    // Going back is always free; a valid step moves on.
    s.actor.send({ type: 'EDIT', patch: { startAt: day(1), endAt: day(5) } });
    s.actor.send({ type: 'NEXT' });
    expect(s.actor.getSnapshot().value).toBe('saving');
  });

  it('a submit with steps missing lists them all, in order, and goes nowhere', () => {
    const s = sut({ id: null });
    s.actor.send({ type: 'SUBMIT' });
    const c = s.actor.getSnapshot().context;
    expect(s.actor.getSnapshot().value).toBe('editing');
    expect(c.missing.map((m) => m.step)).toEqual(
      CAMPAIGN_STEPS.map(([x]) => x).filter((x) => x !== 'appoint-setting' && x !== 'senior-setting'),
    );
  });
});
