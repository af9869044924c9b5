import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useAppActorRef } from '@/journal/actor-hooks.ts';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { isElevenDigits, BIND_MESSAGES } from '@machines/bind-phone.machine.ts';
import { smsButtonMachine } from '@machines/sms-button.machine.ts';
import { captchaUrl, sendSms } from '@/api/calls/session/session-calls.ts';
import { randomHex } from '@/lib/random.ts';
import { useLocalize, useT } from '@/i18n/use-t.ts';
import { useApi } from './api-context.ts';
import { useNotify } from '../toast.tsx';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flex: 1 },
  captcha: {
    height: '32px',
    width: '96px',
    cursor: 'pointer',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: 0,
    background: 'none',
  },
});

/**
 * Graphic captcha, SMS code and the SMS button (its own machine) for the public pages; the phone comes from the
 * form around it. Anonymous sends go to /anon/sms/sendSMS.
 */
export function PhoneVerification({
  phone,
  code,
  onCode,
  tenantId,
}: {
  phone: string;
  code: string;
  onCode: (code: string) => void;
  /** the page's tenant (public-tenant.ts), sent as renantId */
  tenantId?: number;
}) {
  const api = useApi();
  const notify = useNotify();
  const [uuid, setUuid] = useState(() => randomHex(32));
  const [captcha, setCaptcha] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sms = useAppActorRef(
    smsButtonMachine.provide({
      actors: { sendSms: fromPromise(({ input }) => sendSms(api, input, true)) },
      actions: { notify: (_, p) => notify(p.message, p.level) },
    }),
  );
  const state = useSelector(sms, (st) => ({ value: st.value as string, remaining: st.context.remaining }));
  useAfterEachSend(state.value, () => {
    setUuid(randomHex(32));
    setCaptcha('');
  });
  const send = () => {
    if (!isElevenDigits(phone)) return setError(BIND_MESSAGES.smsNeedsPhone);
    setError(null);
    sms.send({ type: 'SEND', phone, imgVeryCode: captcha.trim(), uuid, ...(tenantId ? { renantId: tenantId } : {}) });
  };
  return (
    <CaptchaSmsFields
      uuid={uuid}
      captcha={captcha}
      onCaptcha={setCaptcha}
      onNewCaptcha={() => setUuid(randomHex(32))}
      code={code}
      onCode={onCode}
      sms={state}
      onSend={send}
      error={error}
    />
  );
}

/**
 * Runs `then` each time the SMS button leaves `sending`, whatever the outcome: the server spends a captcha on
 * every send attempt, so the form must show a new one.
 */
export function useAfterEachSend(smsState: string, then: () => void) {
  const wasSending = useRef(false);
  const latest = useRef(then);
  latest.current = then;
  useEffect(() => {
    if (smsState === 'sending') wasSending.current = true;
    else if (wasSending.current) {
      wasSending.current = false;
      latest.current();
    }
  }, [smsState]);
}

export interface CaptchaSmsFieldsProps {
  uuid: string;
  captcha: string;
  onCaptcha: (value: string) => void;
  onNewCaptcha: () => void;
  code: string;
  onCode: (value: string) => void;
  /** the SMS button machine's state: its label and whether it acts */
  sms: { value: string; remaining: number };
  onSend: () => void;
  disabled?: boolean;
  error?: string | null;
}

/** Graphic captcha (click for a new one), SMS code and the SMS button: the rows bind phone and the public pages share. */
export function CaptchaSmsFields(p: CaptchaSmsFieldsProps) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  return (
    <>
      <div className={s.row}>
        <Field label={t('captcha')} className={s.grow}>
          <Input value={p.captcha} maxLength={8} onChange={(_, d) => p.onCaptcha(d.value)} />
        </Field>
        <button type="button" className={s.captcha} title={t('captchaRefresh')} onClick={p.onNewCaptcha}>
          <img src={captchaUrl(p.uuid)} alt={t('captchaRefresh')} width={94} height={30} />
        </button>
      </div>
      <div className={s.row}>
        <Field label={t('smsCode')} className={s.grow} validationMessage={p.error ? localize(p.error) : undefined}>
          <Input inputMode="numeric" maxLength={6} value={p.code} onChange={(_, d) => p.onCode(d.value)} />
        </Field>
        <Button type="button" disabled={p.sms.value !== 'idle' || p.disabled} onClick={p.onSend}>
          {p.sms.value === 'counting' ? t('smsResendIn', { count: p.sms.remaining }) : t('sendSms')}
        </Button>
      </div>
    </>
  );
}
