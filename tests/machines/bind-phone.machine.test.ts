import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { BIND_MESSAGES, bindPhoneMachine } from '@machines/bind-phone.machine.ts';
import { controllableActors } from './fake-actors.ts';
import { describeValue, flush, itFollowsItsTable, itReaches, modelPaths, runPath, type Drive } from './harness.ts';

const userInfo = { nickname: '未绑定手机的店员', phone: '13800000009' };
const EVENTS = [
  { type: 'PHONE', value: '13800000009' },
  { type: 'PHONE', value: '1380000' },
  { type: 'PHONE', value: '' },
  { type: 'PHONE_BLUR' },
  { type: 'CAPTCHA', value: 'AB12' },
  { type: 'NEW_CAPTCHA', uuid: 'b'.repeat(32) },
  { type: 'CODE', value: '123456' },
  { type: 'SEND_CODE' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.bindPhone', output: { values: '' } },
  { type: 'xstate.done.actor.bindPhone', output: { values: 'switch', userInfo: { userName: 'staff', password: 'ticket:abc' } } },
  { type: 'xstate.error.actor.bindPhone', error: new Error('验证码错误') },
  { type: 'xstate.done.actor.fetchUserInfo', output: { userInfo, tokenExpire: 100 } },
  { type: 'xstate.error.actor.fetchUserInfo', error: new Error('网络异常，请检查网络后重试') },
];

function sut() {
  const log: unknown[] = [];
  const { actors, settle, started } = controllableActors(['bindPhone', 'fetchUserInfo'], log);
  const said: string[] = [];
  const sms: unknown[] = [];
  const smsButton = createMachine({
    on: { SEND: { actions: ({ event }) => void (sms.push(event), log.push(`smsButton ${describeValue(event)}`)) } },
  });
  const notify = (_: unknown, p: { message: string }) => void (said.push(p.message), log.push(`notify(${p.message})`));
  const actor = createActor(bindPhoneMachine.provide({ actors: { ...actors, smsButton } as never, actions: { notify } }), {
    input: { uuid: 'a'.repeat(32) },
  }).start();
  return { actor, settle, started, said, sms, log };
}

describe('bind-phone machine (model-based)', () => {
  const paths = modelPaths(
    bindPhoneMachine.provide({ actors: { smsButton: createMachine({}) } as never, actions: { sendCode: () => {} } }),
    {
      events: EVENTS,
      input: { uuid: 'a'.repeat(32) },
      // Context is what the user typed; the states are what the graph must cover.
      serializeState: (s: { value: unknown; context: { phone: string; code: string; phoneError: unknown; formError: unknown } }) =>
        JSON.stringify([
          s.value,
          s.context.phone.length,
          s.context.code !== '',
          Boolean(s.context.phoneError),
          Boolean(s.context.formError),
        ]),
    },
  );
  itReaches(paths, ['binding', 'bound', 'editing', 'refreshing', 'switching']);

  const drive: Drive = async (path, table) => {
    const s = sut();
    await runPath(
      path,
      s,
      {
        bound: () => expect(s.said).toContain(BIND_MESSAGES.bound),
        switching: (snap) => {
          expect(s.said).toContain(BIND_MESSAGES.bound);
          expect(snap.output).toEqual({ kind: 'switch', userName: 'staff', password: 'ticket:abc' });
        },
        binding: (snap) => expect(snap.context.phone).toMatch(/^1\d{10}$/),
      },
      table,
    );
  };
  itFollowsItsTable('bind-phone', bindPhoneMachine, paths, drive);
});

describe('bind-phone validation (SPEC 5, exact texts)', () => {
  it('checks the phone on blur, the SMS send and the bind', async () => {
    const s = sut();
    s.actor.send({ type: 'PHONE_BLUR' });
    expect(s.actor.getSnapshot().context.phoneError).toBe('手机号不能为空');
    s.actor.send({ type: 'PHONE', value: '1380000000' });
    s.actor.send({ type: 'PHONE_BLUR' });
    expect(s.actor.getSnapshot().context.phoneError).toBe('请输入正确格式的手机号');
    s.actor.send({ type: 'SEND_CODE' });
    expect(s.actor.getSnapshot().context.formError).toBe('请输入正确的手机号码');
    expect(s.sms).toHaveLength(0);
    s.actor.send({ type: 'SUBMIT' });
    expect(s.actor.getSnapshot().context.formError).toBe('请输入手机号或验证码');
    s.actor.send({ type: 'PHONE', value: '13800000009' });
    s.actor.send({ type: 'PHONE_BLUR' });
    expect(s.actor.getSnapshot().context.phoneError).toBeNull();
    s.actor.send({ type: 'CAPTCHA', value: 'ab12' });
    s.actor.send({ type: 'SEND_CODE' });
    expect(s.sms).toEqual([{ type: 'SEND', phone: '13800000009', imgVeryCode: 'ab12', uuid: 'a'.repeat(32) }]);
    s.actor.send({ type: 'SUBMIT' });
    expect(s.actor.getSnapshot().value).toBe('editing');
    s.actor.send({ type: 'CODE', value: '123456' });
    s.actor.send({ type: 'SUBMIT' });
    expect(s.actor.getSnapshot().value).toBe('binding');
    s.settle({ type: 'xstate.done.actor.bindPhone', output: { values: '' } } as never);
    await flush();
    s.settle({ type: 'xstate.done.actor.fetchUserInfo', output: { userInfo, tokenExpire: 100 } } as never);
    await flush();
    expect(s.actor.getSnapshot().output).toEqual({ kind: 'refresh', userInfo, tokenExpire: 100 });
    expect(s.said).toEqual(['绑定成功']);
  });
});
