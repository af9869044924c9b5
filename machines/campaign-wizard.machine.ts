import { assign, fromPromise, setup } from 'xstate';
import {
  CAMPAIGN_STEPS,
  publishProblems,
  stepProblems,
  type CampaignStep,
  type CampaignSteps,
  type CampaignType,
  type StepSave,
} from '@/api/rules/campaign-rules.ts';

export interface WizardContext {
  id: number | null;
  type: CampaignType;
  version: number;
  steps: CampaignSteps;
  /** the step on screen */
  current: CampaignStep;
  /** the step to show once the pending save lands */
  target: CampaignStep | null;
  /** submit once the pending save lands */
  submitAfterSave: boolean;
  /** steps the user has left once: their problems show in the step list */
  visited: CampaignStep[];
  /** the step on screen changed since its last save */
  dirty: boolean;
  error: string | null;
  /** what publishing misses (shown after a submit that could not go) */
  missing: Array<{ step: CampaignStep; name: string; problem: string }>;
}

export type WizardEvent =
  | { type: 'EDIT'; patch: Record<string, unknown> }
  | { type: 'GO'; step: CampaignStep }
  | { type: 'NEXT' }
  | { type: 'PREV' }
  | { type: 'SAVE' }
  | { type: 'SUBMIT' }
  | { type: 'LEAVE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

export interface WizardInput {
  id?: number | null;
  type?: CampaignType;
}

const ORDER = CAMPAIGN_STEPS.map(([s]) => s);
const at = (step: CampaignStep, offset: number): CampaignStep | null => ORDER[ORDER.indexOf(step) + offset] ?? null;

const stepOk = (c: Pick<WizardContext, 'steps' | 'type' | 'current'>) =>
  Object.keys(stepProblems(c.current, c.steps[c.current] as Record<string, unknown> | undefined, c.type)).length === 0;

/** Each step's state in the step list: done, invalid (left with problems) or untouched. */
export function stepStates(c: Pick<WizardContext, 'steps' | 'type' | 'visited' | 'current'>) {
  return ORDER.map((step) => {
    const problems = stepProblems(step, c.steps[step] as Record<string, unknown> | undefined, c.type);
    const ok = Object.keys(problems).length === 0;
    return {
      step,
      current: step === c.current,
      state: ok && (c.steps[step] || c.visited.includes(step)) ? 'done' : c.visited.includes(step) && !ok ? 'invalid' : 'todo',
    } as const;
  });
}

/**
 * 设置活动 › 活动信息: the eight steps in order. Each step's edits are saved to the server when
 * the user moves to another step or saves (a draft that resumes where it stopped, on any machine); moving forward
 * (下一步, or a later step in the list) first checks the step on screen with the rules 提交审核 uses and, when it
 * fails them, stays and shows its problems there (保存草稿 still keeps a partial step); a failed save
 * keeps the edits and stays; leaving with unsaved edits asks first; submitting checks every step and lists what is
 * missing. Loading, saving and submitting are actors the app provides.
 */
export const campaignWizardMachine = setup({
  types: { context: {} as WizardContext, events: {} as WizardEvent, input: {} as WizardInput },
  actors: {
    loadCampaign: fromPromise<
      { id: number; type: CampaignType; version: number; steps: CampaignSteps; currentStep: CampaignStep },
      { id: number }
    >(async () => {
      throw new Error('loadCampaign is provided by the app');
    }),
    saveStep: fromPromise<{ id: number; version: number }, StepSave>(async () => {
      throw new Error('saveStep is provided by the app');
    }),
    submitCampaign: fromPromise<{ version: number }, { id: number; version: number }>(async () => {
      throw new Error('submitCampaign is provided by the app');
    }),
  },
  guards: {
    hasId: ({ context }) => context.id !== null,
    dirty: ({ context }) => context.dirty,
    complete: ({ context }) => publishProblems(context.steps, context.type).length === 0,
    hasNext: ({ context }) => at(context.current, 1) !== null,
    hasPrev: ({ context }) => at(context.current, -1) !== null,
    /** moving forward needs the step on screen to pass the rules 提交审核 applies to it */
    stepInvalid: ({ context }) => !stepOk(context),
    forwardFromInvalid: ({ context, event }) =>
      event.type === 'GO' && ORDER.indexOf(event.step) > ORDER.indexOf(context.current) && !stepOk(context),
  },
  actions: {
    visit: assign(({ context }) => ({
      visited: context.visited.includes(context.current) ? context.visited : [...context.visited, context.current],
    })),
    arrive: assign(({ context }) => (context.target ? { current: context.target, target: null } : {})),
  },
}).createMachine({
  id: 'campaignWizard',
  context: ({ input }) => ({
    id: input.id ?? null,
    type: input.type ?? 'lottery',
    version: 0,
    steps: {},
    current: 'campaign-base-info',
    target: null,
    submitAfterSave: false,
    visited: [],
    dirty: false,
    error: null,
    missing: [],
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasId', target: 'loading' }, { target: 'editing' }] },
    loading: {
      invoke: {
        id: 'loadCampaign',
        src: 'loadCampaign',
        input: ({ context }) => ({ id: context.id! }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({
            id: event.output.id,
            type: event.output.type,
            version: event.output.version,
            steps: event.output.steps,
            // resume where it stopped; the steps before it count as visited
            current: event.output.currentStep,
            visited: ORDER.slice(0, ORDER.indexOf(event.output.currentStep)),
            error: null,
          })),
        },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => (event.error as Error).message }) },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    editing: {
      on: {
        EDIT: {
          actions: assign(({ context, event }) => ({
            steps: { ...context.steps, [context.current]: { ...(context.steps[context.current] ?? {}), ...(event.patch ?? {}) } },
            dirty: true,
            missing: [],
          })),
        },
        GO: [
          { guard: ({ event }) => !ORDER.includes(event.step) },
          { guard: 'forwardFromInvalid', actions: 'visit' },
          { guard: 'dirty', target: 'saving', actions: ['visit', assign({ target: ({ event }) => event.step })] },
          { actions: ['visit', assign({ current: ({ event }) => event.step })] },
        ],
        NEXT: [
          { guard: ({ context }) => at(context.current, 1) === null },
          { guard: 'stepInvalid', actions: 'visit' },
          { guard: 'dirty', target: 'saving', actions: ['visit', assign({ target: ({ context }) => at(context.current, 1) })] },
          { actions: ['visit', assign({ current: ({ context }) => at(context.current, 1)! })] },
        ],
        PREV: [
          { guard: ({ context }) => at(context.current, -1) === null },
          { guard: 'dirty', target: 'saving', actions: ['visit', assign({ target: ({ context }) => at(context.current, -1) })] },
          { actions: ['visit', assign({ current: ({ context }) => at(context.current, -1)! })] },
        ],
        SAVE: { guard: 'dirty', target: 'saving' },
        SUBMIT: [
          { guard: 'dirty', target: 'saving', actions: ['visit', assign({ target: null, submitAfterSave: true })] },
          {
            guard: ({ context }) => context.id !== null && publishProblems(context.steps, context.type).length === 0,
            target: 'submitting',
          },
          {
            actions: assign(({ context }) => ({
              missing: publishProblems(context.steps, context.type),
              visited: ORDER,
              error: null,
            })),
          },
        ],
        LEAVE: [{ guard: 'dirty', target: 'confirmingLeave' }, { target: 'left' }],
      },
    },
    saving: {
      entry: assign({ error: null }),
      invoke: {
        id: 'saveStep',
        src: 'saveStep',
        input: ({ context }) => ({
          id: context.id,
          type: context.type,
          version: context.version,
          step: context.current,
          data: (context.steps[context.current] ?? {}) as Record<string, unknown>,
          currentStep: context.target ?? context.current,
        }),
        onDone: [
          {
            guard: ({ context, event }) =>
              context.submitAfterSave && publishProblems(context.steps, context.type).length === 0 && event.output.id > 0,
            target: 'submitting',
            actions: assign(({ event }) => ({ id: event.output.id, version: event.output.version, dirty: false, submitAfterSave: false })),
          },
          {
            target: 'editing',
            actions: [
              assign(({ context, event }) => ({
                id: event.output.id,
                version: event.output.version,
                dirty: false,
                // a submit that found steps missing says which
                missing: context.submitAfterSave ? publishProblems(context.steps, context.type) : [],
                visited: context.submitAfterSave ? ORDER : context.visited,
                submitAfterSave: false,
              })),
              'arrive',
            ],
          },
        ],
        // The edits stay, and so does the step: nothing is lost.
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => (event.error as Error).message, target: null, submitAfterSave: false }),
        },
      },
    },
    submitting: {
      entry: assign({ error: null, missing: [] }),
      invoke: {
        id: 'submitCampaign',
        src: 'submitCampaign',
        input: ({ context }) => ({ id: context.id!, version: context.version }),
        onDone: { target: 'submitted', actions: assign({ version: ({ event }) => event.output.version }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => (event.error as Error).message }) },
      },
    },
    submitted: { type: 'final' },
    confirmingLeave: { on: { CONFIRM: 'left', CANCEL: 'editing' } },
    left: { type: 'final' },
  },
});
