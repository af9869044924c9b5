import { Button, Field, Input, Link, MessageBar, MessageBarBody, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { isElevenDigits, BIND_MESSAGES } from '@machines/bind-phone.machine.ts';
import { TenantChoiceNeeded, registerTenant, resetPassword } from '@/api/calls/session/session-calls.ts';
import { usePublicTenant } from './public-tenant.ts';
import { passwordProblem } from '@/api/contract/session.ts';
import { STORAGE_KEYS } from '@/api/storage.ts';
import { useLocalize, useT } from '@/i18n/use-t.ts';
import { useApi } from '../session/api-context.ts';
import { PhoneVerification } from '../session/phone-verification.tsx';
import card from './public.module.css';
import { useNotify } from '../toast.tsx';

const useStyles = makeStyles({
  tenant: { margin: 0, color: tokens.colorNeutralForeground2 },
});

/** The fields both pages share: phone, captcha, SMS code, new password twice; checks as the server does. */
function usePhonePasswordForm(tenantId: number | undefined) {
  const t = useT();
  const localize = useLocalize();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const problem = (): string | null => {
    if (!isElevenDigits(phone) || !code.trim()) return BIND_MESSAGES.bindNeeds;
    return passwordProblem(password) ?? (password !== again ? t('passwordMismatch') : null);
  };
  const fields = (
    <>
      <Field label={t('phone')} required validationMessage={phoneError ? localize(phoneError) : undefined}>
        <Input
          inputMode="numeric"
          maxLength={11}
          value={phone}
          onChange={(_, d) => setPhone(d.value.trim())}
          onBlur={() => setPhoneError(phone === '' ? BIND_MESSAGES.phoneRequired : phone.length !== 11 ? BIND_MESSAGES.phoneFormat : null)}
        />
      </Field>
      <PhoneVerification phone={phone} code={code} onCode={setCode} tenantId={tenantId} />
      <Field label={t('newPassword')} required hint={t('passwordRule')}>
        <Input type="password" value={password} onChange={(_, d) => setPassword(d.value)} autoComplete="new-password" />
      </Field>
      <Field label={t('passwordAgain')} required>
        <Input type="password" value={again} onChange={(_, d) => setAgain(d.value)} autoComplete="new-password" />
      </Field>
    </>
  );
  return { phone, code, password, fields, problem };
}

function FormShell({
  title,
  error,
  busy,
  submit,
  onSubmit,
  children,
}: {
  title: string;
  error: string | null;
  busy: boolean;
  submit: string;
  onSubmit: () => void;
  children: React.ReactNode;
}) {
  const t = useT();
  const localize = useLocalize();
  return (
    <main className={card.page}>
      <form
        className={card.card}
        style={{ '--card-width': '420px' } as React.CSSProperties}
        aria-label={title}
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <h1 className={card.title}>{title}</h1>
        {children}
        {error && (
          <MessageBar intent="error">
            <MessageBarBody>{localize(error)}</MessageBarBody>
          </MessageBar>
        )}
        <Button type="submit" appearance="primary" disabled={busy}>
          {submit}
        </Button>
        <Link href="#/login">{t('backToLogin')}</Link>
      </form>
    </main>
  );
}

/**
 * Submitting a public form: check it (a problem is shown, nothing sent), call the server, then say `done` and go
 * to /login; a refusal is shown in the form and nothing typed is lost.
 */
function useSubmit(
  check: () => string | null,
  send: () => Promise<unknown>,
  done: string,
  after?: () => void,
  /** sees each refusal after the form shows it (e.g. to offer a choice) */
  onRefusal?: (e: unknown) => void,
) {
  const notify = useNotify();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const problem = check();
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      await send();
      after?.();
      notify(done, 'success');
      navigate('/login');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      onRefusal?.(e);
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, submit: () => void submit() };
}

/**
 * /find-password: a verified phone sets a new password for its account in the page's tenant (link, last tenant,
 * default); a phone with accounts in several other tenants picks one, and the same code is sent again with it.
 */
export function FindPasswordPage() {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const { tenant, error: tenantError } = usePublicTenant();
  const form = usePhonePasswordForm(tenant?.id);
  const [choices, setChoices] = useState<Array<{ id: number; name: string }> | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const { error, busy, submit } = useSubmit(
    () => (choices && chosen === null ? t('chooseTenant') : form.problem()),
    () => resetPassword(api, { phone: form.phone, code: form.code.trim(), password: form.password, renantId: chosen ?? tenant?.id }),
    t('passwordReset'),
    undefined,
    (e) => e instanceof TenantChoiceNeeded && setChoices(e.tenants),
  );
  return (
    <FormShell title={t('findPassword')} error={error ?? tenantError} busy={busy} submit={t('resetPassword')} onSubmit={submit}>
      {tenant && <p className={s.tenant}>{t('tenantOfPage', { name: tenant.name })}</p>}
      {form.fields}
      {choices && (
        <Field label={t('chooseTenant')} required>
          <Select value={chosen === null ? '' : String(chosen)} onChange={(_, d) => setChosen(d.value ? Number(d.value) : null)}>
            <option value="">{t('chooseTenant')}</option>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
    </FormShell>
  );
}

/** /register: a new organisation (tenant) with its first administrator, verified by SMS. */
export function RegisterPage() {
  const t = useT();
  const api = useApi();
  const { tenant } = usePublicTenant();
  const form = usePhonePasswordForm(tenant?.id);
  const [tenantName, setTenantName] = useState('');
  const [userName, setUserName] = useState('');
  const [nickname, setNickname] = useState('');
  const { error, busy, submit } = useSubmit(
    () => (!tenantName.trim() || !userName.trim() || !nickname.trim() ? t('registerFieldsRequired') : form.problem()),
    () =>
      registerTenant(api, {
        tenantName,
        userName: userName.trim(),
        nickname,
        phone: form.phone,
        code: form.code.trim(),
        password: form.password,
      }),
    t('registered'),
    () => localStorage.setItem(STORAGE_KEYS.rememberedAccount, userName.trim()),
  );
  return (
    <FormShell title={t('register')} error={error} busy={busy} submit={t('register')} onSubmit={submit}>
      <Field label={t('tenantName')} required>
        <Input value={tenantName} maxLength={50} onChange={(_, d) => setTenantName(d.value)} />
      </Field>
      <Field label={t('account')} required hint={t('accountRule')}>
        <Input value={userName} maxLength={32} onChange={(_, d) => setUserName(d.value)} autoComplete="username" />
      </Field>
      <Field label={t('realName')} required>
        <Input value={nickname} maxLength={32} onChange={(_, d) => setNickname(d.value)} />
      </Field>
      {form.fields}
    </FormShell>
  );
}
