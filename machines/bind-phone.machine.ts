import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { UserInfo } from '@/api/table/session.ts';
import { smsButtonMachine } from './sms-button.machine.ts';

/** bind-phone messages, exactly. */
export const BIND_MESSAGES = {
  phoneRequired: '手机号不能为空',
  phoneFormat: '请输入正确格式的手机号',
  bindNeeds: '请输入手机号或验证码',
  smsNeedsPhone: '请输入正确的手机号码',
  bound: '绑定成功',
} as const;

/** a phone is 11 digits starting with 1. */
export const isElevenDigits = (phone: string) => /^1\d{10}$/.test(phone);

export interface BindAnswer {
  values?: unknown;
  userInfo?: { userName?: string; password?: string };
}

export interface BindPhoneContext {
  phone: string;
  imgVeryCode: string;
  code: string;
  /** the captcha's 32-hex uuid (made by the app: machines do not draw random numbers) */
  uuid: string;
  phoneError: string | null;
  formError: string | null;
  /** what the session does next, once bound */
  result: BindPhoneOutput | null;
}

export type BindPhoneOutput =
  { kind: 'switch'; userName: string; password: string } | { kind: 'refresh'; userInfo: UserInfo; tokenExpire: number };

export type BindPhoneEvent =
  | { type: 'PHONE'; value: string }
  | { type: 'PHONE_BLUR' }
  | { type: 'CAPTCHA'; value: string }
  | { type: 'NEW_CAPTCHA'; uuid: string }
  | { type: 'CODE'; value: string }
  | { type: 'SEND_CODE' }
  | { type: 'SUBMIT' };

/**
 * The bind-phone overlay: phone, graphic captcha, SMS code (the SMS button is a child) and bind.
 * After binding: with values, the session continues as the account the answer names (a single-use ticket, never
 * a stored password); otherwise user info is fetched again. Either way it ends in `bound` and says 绑定成功.
 */
export const bindPhoneMachine = setup({
  types: {
    input: {} as { uuid: string },
    context: {} as BindPhoneContext,
    events: {} as BindPhoneEvent,
    output: {} as BindPhoneOutput | null,
  },
  actors: {
    smsButton: smsButtonMachine,
    bindPhone: fromPromise<BindAnswer, { phone: string; code: string }>(async () => {
      throw new Error('bindPhone is provided by the app');
    }),
    fetchUserInfo: fromPromise<{ userInfo: UserInfo; tokenExpire: number }>(async () => {
      throw new Error('fetchUserInfo is provided by the app');
    }),
  },
  actions: {
    notify: (_, _params: { message: string; level: 'success' | 'error' }) => {},
    sendCode: sendTo('smsButton', ({ context }: { context: BindPhoneContext }) => ({
      type: 'SEND' as const,
      phone: context.phone,
      imgVeryCode: context.imgVeryCode,
      uuid: context.uuid,
    })),
  },
  guards: {
    phoneIsValid: ({ context }) => isElevenDigits(context.phone),
    canBind: ({ context }) => isElevenDigits(context.phone) && context.code.trim() !== '',
    answerSwitchesAccount: ({ event }) => {
      const a = (event as { output?: BindAnswer }).output;
      return Boolean(a?.values) && Boolean(a?.userInfo?.userName) && Boolean(a?.userInfo?.password);
    },
  },
}).createMachine({
  id: 'bindPhone',
  context: ({ input }) => ({ phone: '', imgVeryCode: '', code: '', uuid: input.uuid, phoneError: null, formError: null, result: null }),
  invoke: { id: 'smsButton', src: 'smsButton' },
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: each field edits context; blur checks the phone; send and bind check what they need.',
      on: {
        PHONE: { actions: assign({ phone: ({ event }) => event.value.trim(), formError: null }) },
        PHONE_BLUR: {
          actions: assign({
            phoneError: ({ context }) =>
              context.phone === '' ? BIND_MESSAGES.phoneRequired : context.phone.length !== 11 ? BIND_MESSAGES.phoneFormat : null,
          }),
        },
        CAPTCHA: { actions: assign({ imgVeryCode: ({ event }) => event.value.trim() }) },
        NEW_CAPTCHA: { actions: assign({ uuid: ({ event }) => event.uuid, imgVeryCode: '' }) },
        CODE: { actions: assign({ code: ({ event }) => event.value, formError: null }) },
        SEND_CODE: [
          {
            guard: 'phoneIsValid',
            actions: [assign({ formError: null }), 'sendCode'],
          },
          { actions: assign({ formError: BIND_MESSAGES.smsNeedsPhone }) },
        ],
        SUBMIT: [{ guard: 'canBind', target: 'binding' }, { actions: assign({ formError: BIND_MESSAGES.bindNeeds }) }],
      },
    },
    binding: {
      description: 'POST /v1/third/bindPhone {phone, code}.',
      invoke: {
        id: 'bindPhone',
        src: 'bindPhone',
        input: ({ context }) => ({ phone: context.phone, code: context.code.trim() }),
        onDone: [
          {
            guard: 'answerSwitchesAccount',
            target: 'switching',
            actions: assign({
              result: ({ event }) => ({
                kind: 'switch' as const,
                userName: event.output.userInfo!.userName!,
                password: event.output.userInfo!.password!,
              }),
            }),
          },
          { target: 'refreshing' },
        ],
        onError: {
          target: 'editing',
          actions: assign({ formError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
        },
      },
    },
    switching: {
      description: 'The phone belongs to another account: the session continues as that account (output).',
      type: 'final',
      entry: { type: 'notify', params: { message: BIND_MESSAGES.bound, level: 'success' } },
    },
    refreshing: {
      description: 'Bound to this account: user info is fetched again (it now has the phone).',
      invoke: {
        id: 'fetchUserInfo',
        src: 'fetchUserInfo',
        onDone: { target: 'bound', actions: assign({ result: ({ event }) => ({ kind: 'refresh' as const, ...event.output }) }) },
        // Bound all the same; the next user-info fetch (countdown, reload) brings the phone.
        onError: { target: 'bound' },
      },
    },
    bound: {
      description: 'Done: 绑定成功; the overlay closes.',
      type: 'final',
      entry: { type: 'notify', params: { message: BIND_MESSAGES.bound, level: 'success' } },
    },
  },
  output: ({ context }) => context.result,
});
