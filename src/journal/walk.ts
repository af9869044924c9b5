import { createActor, fromCallback, transition, type AnyStateMachine, type EventObject } from 'xstate';
import { createJournal, type JournalFile } from './journal.ts';
import { describeStatechart, eventsOf } from './statechart.ts';
import { withIdleActors } from './replay.ts';

/** What each machine is started with (as the app starts it). */
const INPUTS: Record<string, unknown> = {
  session: { hasToken: false, linkToken: null },
  countdown: { seconds: 90 },
  campaignWizard: { id: null, type: 'lottery' },
  pageBuilder: { id: null },
  tabs: {},
};

/** One payload fitting the fields the machines' events carry (the walk tries each event type with it). */
const payload = (type: string): EventObject =>
  ({
    type,
    userName: 'demo',
    password: 'Demo@2026',
    path: '/manage/users',
    cacheable: true,
    value: '13800000000',
    phone: '13800000000',
    imgVeryCode: 'AB12',
    uuid: 'a'.repeat(32),
    message: '登录失效，请重新登录',
    index: 0,
    step: 'basic',
    kind: 'image',
    id: 1,
    output: {},
    file: new Blob(['账号,昵称\n'], { type: 'text/csv' }),
  }) as EventObject;

/**
 * A journal recorded by running the machine itself: its actors replaced by ones that do nothing, then at each
 * step the least-tried event its state accepts (checked on the pure transition first, so that a payload it cannot
 * take is skipped), for up to `steps` steps. The same journal the app records, of a session the walk invented.
 */
export function recordWalk(machine: AnyStateMachine, steps = 16): { file: JournalFile; value: unknown } {
  let clock = Date.UTC(2026, 10, 23, 2, 0, 0);
  const journal = createJournal({ run: 'story', now: () => (clock += 137) });
  const logic = withIdleActors(machine);
  // A stand-in parent (for sendParent); the machine joins its system, so the journal observes that system.
  const parent = createActor(
    fromCallback(() => {}),
    { inspect: journal.inspect },
  ).start();
  const actor = createActor(logic, { input: INPUTS[machine.id] ?? {}, parent } as never);
  actor.start();
  const events = eventsOf(describeStatechart(machine)).filter((e) => e !== '*');
  const tried = new Map<string, number>();
  for (let i = 0; i < steps; i++) {
    const snap = actor.getSnapshot();
    if (snap.status !== 'active') break;
    const next = [...events]
      .sort((a, b) => (tried.get(a) ?? 0) - (tried.get(b) ?? 0))
      .find((type) => {
        try {
          const [after] = transition(logic, snap, payload(type));
          return after.status !== 'error' && (JSON.stringify(after.value) !== JSON.stringify(snap.value) || after.context !== snap.context);
        } catch {
          return false;
        }
      });
    if (!next) break;
    tried.set(next, (tried.get(next) ?? 0) + 1);
    actor.send(payload(next));
  }
  const value = actor.getSnapshot().value;
  (actor as unknown as { _stop: () => void })._stop();
  parent.stop();
  return { file: journal.toFile('story'), value };
}
