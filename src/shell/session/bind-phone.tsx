import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useAppActorRef } from '@/journal/actor-hooks.ts';
import { useEffect, useState } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { bindPhoneMachine } from '@machines/bind-phone.machine.ts';
import { smsButtonMachine } from '@machines/sms-button.machine.ts';
import { bindPhone, fetchUserInfo, sendSms } from '@/api/calls/session/session-calls.ts';
import { randomHex } from '@/lib/random.ts';
import { useLocalize, useT } from '@/i18n/use-t.ts';
import { useApi } from './api-context.ts';
import { SessionContext } from './session-context.ts';
import { STORAGE_KEYS } from '@/api/storage.ts';
import { useNotify } from '../toast.tsx';
import { CaptchaSmsFields, useAfterEachSend } from './phone-verification.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  leave: { display: 'flex', justifyContent: 'space-between' },
});

/**
 * The bind-phone overlay, shown while the signed-in user has no phone. It cannot be dismissed (the
 * console needs a phone), but it can be left: 退出登录, or 切换账号 (log out and sign in as someone else, the
 * remembered account forgotten). The form's logic is the bind-phone machine; this component only reads and sends.
 */
export function BindPhoneOverlay() {
  const api = useApi();
  const notify = useNotify();
  const session = SessionContext.useActorRef();
  const [uuid] = useState(() => randomHex(32));
  const actor = useAppActorRef(
    bindPhoneMachine.provide({
      actors: {
        bindPhone: fromPromise(({ input }) => bindPhone(api, input)),
        fetchUserInfo: fromPromise(() => fetchUserInfo(api)),
        smsButton: smsButtonMachine.provide({
          actors: { sendSms: fromPromise(({ input }) => sendSms(api, input)) },
          actions: { notify: (_, p) => notify(p.message, p.level) },
        }),
      },
      actions: { notify: (_, p) => notify(p.message, p.level) },
    }),
    { input: { uuid } },
  );
  const done = useSelector(actor, (s) => s.status === 'done');
  const output = useSelector(actor, (s) => s.output);
  // Done: continue as the phone's own account, or with the fresh user info (which closes the overlay).
  useEffect(() => {
    if (!done) return;
    if (output?.kind === 'switch') session.send({ type: 'SWITCH_ACCOUNT', userName: output.userName, password: output.password });
    else if (output?.kind === 'refresh')
      session.send({ type: 'USER_INFO_REFRESHED', userInfo: output.userInfo, tokenExpire: output.tokenExpire });
  }, [done, output, session]);
  const loggingOut = SessionContext.useSelector((st) => st.matches({ authenticated: 'loggingOut' }));
  return (
    <BindPhoneForm
      actor={actor}
      leaving={loggingOut}
      onLogout={() => session.send({ type: 'LOGOUT' })}
      onSwitchAccount={() => {
        localStorage.removeItem(STORAGE_KEYS.rememberedAccount);
        session.send({ type: 'LOGOUT' });
      }}
    />
  );
}

export interface BindPhoneFormProps {
  actor: ActorRefFrom<typeof bindPhoneMachine>;
  onLogout?: () => void;
  onSwitchAccount?: () => void;
  /** a logout is under way */
  leaving?: boolean;
}

export function BindPhoneForm({ actor, onLogout, onSwitchAccount, leaving }: BindPhoneFormProps) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const ctx = useSelector(actor, (st) => st.context);
  const binding = useSelector(actor, (st) => !st.matches('editing'));
  const sms = useSelector(actor, (st) => st.children.smsButton as ActorRefFrom<typeof smsButtonMachine> | undefined);
  const smsState = useSelector(sms, (st) =>
    st ? { value: st.value as string, remaining: st.context.remaining } : { value: 'idle', remaining: 0 },
  );
  useAfterEachSend(smsState.value, () => actor.send({ type: 'NEW_CAPTCHA', uuid: randomHex(32) }));

  return (
    <Dialog open modalType="alert">
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{t('bindPhoneTitle')}</DialogTitle>
          <DialogContent>
            <form
              className={s.form}
              onSubmit={(e) => {
                e.preventDefault();
                actor.send({ type: 'SUBMIT' });
              }}
              noValidate
            >
              <p style={{ margin: 0 }}>{t('bindPhoneHint')}</p>
              <Field label={t('phone')} validationMessage={ctx.phoneError ? localize(ctx.phoneError) : undefined} required>
                <Input
                  inputMode="numeric"
                  maxLength={11}
                  value={ctx.phone}
                  onChange={(_, d) => actor.send({ type: 'PHONE', value: d.value })}
                  onBlur={() => actor.send({ type: 'PHONE_BLUR' })}
                />
              </Field>
              <CaptchaSmsFields
                uuid={ctx.uuid}
                captcha={ctx.imgVeryCode}
                onCaptcha={(value) => actor.send({ type: 'CAPTCHA', value })}
                onNewCaptcha={() => actor.send({ type: 'NEW_CAPTCHA', uuid: randomHex(32) })}
                code={ctx.code}
                onCode={(value) => actor.send({ type: 'CODE', value })}
                sms={smsState}
                onSend={() => actor.send({ type: 'SEND_CODE' })}
                disabled={binding}
              />
              {ctx.formError && (
                <MessageBar intent="error">
                  <MessageBarBody>{localize(ctx.formError)}</MessageBarBody>
                </MessageBar>
              )}
              <Button type="submit" appearance="primary" disabled={binding || leaving}>
                {t('bind')}
              </Button>
              <div className={s.leave}>
                <Button type="button" appearance="subtle" onClick={onSwitchAccount} disabled={leaving}>
                  {t('switchAccount')}
                </Button>
                <Button type="button" appearance="subtle" onClick={onLogout} disabled={leaving}>
                  {t('logout')}
                </Button>
              </div>
            </form>
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
