import { assign, fromPromise, setup } from 'xstate';

/** the resend countdown. */
export const SMS_COUNTDOWN_SECONDS = 60;
export const SMS_SENT = '验证码发送成功';
export const SMS_FAILED = '短信发送失败';

export interface SmsRequest {
  phone: string;
  imgVeryCode: string;
  uuid: string;
  /** a public page's tenant (anonymous sends; the spec's spelling) */
  renantId?: number;
}

export interface SmsButtonContext {
  remaining: number;
}

export type SmsButtonEvent = { type: 'SEND' } & SmsRequest;

/**
 * The SMS button: idle with the label 发送短信验证码; it acts only when idle; a send that succeeds starts a
 * 60-second countdown and then it is idle again; a failed send (empty values) resets it at once.
 */
export const smsButtonMachine = setup({
  types: { context: {} as SmsButtonContext, events: {} as SmsButtonEvent },
  actors: {
    // Resolves to the answer's values: empty means the send failed.
    sendSms: fromPromise<string, SmsRequest>(async () => {
      throw new Error('sendSms is provided by the app');
    }),
  },
  actions: {
    /** the app shows it (user messages) */
    notify: (_, _params: { message: string; level: 'success' | 'error' }) => {},
    tick: assign({ remaining: ({ context }) => Math.max(0, context.remaining - 1) }),
  },
  guards: {
    hasValues: ({ event }) => {
      const output = (event as unknown as { output?: unknown }).output;
      return typeof output === 'string' && output !== '';
    },
    isLastSecond: ({ context }) => context.remaining <= 1,
  },
}).createMachine({
  id: 'smsButton',
  context: { remaining: 0 },
  initial: 'idle',
  states: {
    idle: {
      description: 'Shows 发送短信验证码 and accepts SEND.',
      on: { SEND: 'sending' },
    },
    sending: {
      description: 'The send is under way; further SENDs are ignored.',
      invoke: {
        id: 'sendSms',
        src: 'sendSms',
        input: ({ event }) => {
          const e = event as SmsButtonEvent;
          return { phone: e.phone, imgVeryCode: e.imgVeryCode, uuid: e.uuid, ...(e.renantId ? { renantId: e.renantId } : {}) };
        },
        onDone: [
          {
            guard: 'hasValues',
            target: 'counting',
            actions: [assign({ remaining: SMS_COUNTDOWN_SECONDS }), { type: 'notify', params: { message: SMS_SENT, level: 'success' } }],
          },
          { target: 'idle', actions: { type: 'notify', params: { message: SMS_FAILED, level: 'error' } } },
        ],
        onError: {
          target: 'idle',
          actions: {
            type: 'notify',
            params: ({ event }) => ({
              message: event.error instanceof Error && event.error.message ? `${SMS_FAILED}：${event.error.message}` : SMS_FAILED,
              level: 'error' as const,
            }),
          },
        },
      },
    },
    counting: {
      description: 'Sent: counts down from 60 s; SEND is ignored until idle.',
      after: {
        1000: [
          { guard: 'isLastSecond', target: 'idle', actions: 'tick' },
          { target: 'counting', reenter: true, actions: 'tick' },
        ],
      },
    },
  },
});
