import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise, waitFor, type EventObject } from 'xstate';
import { SMS_FAILED, SMS_SENT, smsButtonMachine } from '@machines/sms-button.machine.ts';
import { controllableActors } from './fake-actors.ts';
import { afterEvent, itFollowsItsTable, itReaches, modelPaths, runPath, type Drive } from './harness.ts';

const SEND = { type: 'SEND', phone: '13800000009', imgVeryCode: 'AB12', uuid: 'f'.repeat(32) };
const EVENTS = [
  SEND,
  { type: 'xstate.done.actor.sendSms', output: 'sent' },
  { type: 'xstate.done.actor.sendSms', output: '' },
  { type: 'xstate.error.actor.sendSms', error: new Error('图形验证码错误或已失效，请点击图片刷新') },
  { type: afterEvent('1000') },
];

function sut() {
  const log: unknown[] = [];
  const { actors, settle, started } = controllableActors(['sendSms'], log);
  const said: string[] = [];
  const clock = new SimulatedClock();
  const notify = (_: unknown, p: { message: string }) => void (said.push(p.message), log.push(`notify(${p.message})`));
  const actor = createActor(smsButtonMachine.provide({ actors: actors as never, actions: { notify } }), { clock }).start();
  const settleOrTick = (e: EventObject) => {
    if (e.type === afterEvent('1000')) {
      clock.increment(1000);
      return true;
    }
    return settle(e);
  };
  return { actor, settleOrTick, started, said, clock, log };
}

describe('sms-button machine (model-based)', () => {
  // The countdown's seconds make 60 distinct states; the graph stops once a few have been seen.
  const paths = modelPaths(smsButtonMachine, {
    events: EVENTS,
    stopWhen: (s: { context: { remaining: number } }) => s.context.remaining > 0 && s.context.remaining < 58,
  });
  itReaches(paths, ['counting', 'idle', 'sending']);

  const drive: Drive = async (path, table) => {
    const s = sut();
    await runPath(
      path,
      { ...s, settle: s.settleOrTick },
      {
        idle: (snap) => expect(snap.context.remaining === 0 || snap.context.remaining === 60).toBe(true),
        counting: (snap) => expect(snap.context.remaining).toBeGreaterThan(0),
      },
      table,
    );
    // Only one send per visit to sending, whatever was pressed meanwhile.
    const sends = path.steps.filter(
      (st, i) =>
        (st.state as { value: string }).value === 'sending' &&
        (i === 0 || (path.steps[i - 1].state as { value: string }).value !== 'sending'),
    ).length;
    expect(s.started).toHaveLength(sends);
  };
  itFollowsItsTable('sms-button', smsButtonMachine, paths, drive);
});

describe('sms-button timing and messages', () => {
  it('counts 60 s after a send, ignores presses meanwhile, then is idle again', async () => {
    const s = sut();
    s.actor.send(SEND as never);
    s.settleOrTick({ type: 'xstate.done.actor.sendSms', output: 'sent' } as never);
    await new Promise((r) => setTimeout(r, 0));
    expect(s.said).toEqual([SMS_SENT]);
    expect(s.actor.getSnapshot().context.remaining).toBe(60);
    s.actor.send(SEND as never);
    expect(s.started).toHaveLength(1);
    for (let i = 0; i < 59; i++) s.clock.increment(1000);
    expect(s.actor.getSnapshot().matches('counting')).toBe(true);
    s.clock.increment(1000);
    expect(s.actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('resets at once with 短信发送失败 when values are empty, with the reason when the server gave one', async () => {
    const s = sut();
    s.actor.send(SEND as never);
    s.settleOrTick({ type: 'xstate.done.actor.sendSms', output: '' } as never);
    await new Promise((r) => setTimeout(r, 0));
    expect(s.actor.getSnapshot().matches('idle')).toBe(true);
    s.actor.send(SEND as never);
    s.settleOrTick({ type: 'xstate.error.actor.sendSms', error: new Error('发送过于频繁，请 42 秒后再试') } as never);
    await new Promise((r) => setTimeout(r, 0));
    expect(s.said).toEqual([SMS_FAILED, `${SMS_FAILED}：发送过于频繁，请 42 秒后再试`]);
  });
});

describe('sms-button machine: what the send is given', () => {
  it('passes the phone, captcha, uuid and a public page’s tenant (renantId) to the send, and nothing else', async () => {
    const inputs: unknown[] = [];
    const actor = createActor(
      smsButtonMachine.provide({
        actors: { sendSms: fromPromise(async ({ input }) => (inputs.push(input), 'sent')) as never },
        actions: { notify: () => {} },
      }),
    ).start();
    actor.send({ type: 'SEND', phone: '13800000001', imgVeryCode: 'AB12', uuid: 'u'.repeat(32), renantId: 2 });
    await waitFor(actor, (s) => s.matches('counting'));
    expect(inputs).toEqual([{ phone: '13800000001', imgVeryCode: 'AB12', uuid: 'u'.repeat(32), renantId: 2 }]);
    actor.stop();
  });
});
