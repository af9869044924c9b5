import { Button, Field, Input } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import s from './public.module.css';
import { useLocalize, useT } from '@/i18n/use-t.ts';

export interface LoginFormProps {
  onSubmit: (credentials: { userName: string; password: string }) => void;
  busy?: boolean;
  /** the server's or the session's message, shown above the form */
  error?: string | null;
  /** the deployment's slogan, as a text key */
  slogan: 'sloganDefault' | 'sloganBi';
  /** the account the form starts with (remembered, e.g. after a bind-phone account switch) */
  initialUserName?: string;
}

/** The sign-in form. Field values are the form's own input, not session state. */
export function LoginForm({ onSubmit, busy, error, slogan, initialUserName = '' }: LoginFormProps) {
  const t = useT();
  const localize = useLocalize();
  const [userName, setUserName] = useState(initialUserName);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const userMissing = touched && !userName.trim();
  const passwordMissing = touched && !password;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (userName.trim() && password) onSubmit({ userName: userName.trim(), password });
  };
  return (
    <main className={s.page}>
      <form className={s.card} onSubmit={submit} noValidate aria-label={t('login')}>
        <h1 className={s.title}>{t('appTitle')}</h1>
        <p className={s.slogan}>{t(slogan)}</p>
        {error && (
          <div className={s.error} role="alert">
            {localize(error)}
          </div>
        )}
        <Field label={t('account')} required validationMessage={userMissing ? t('accountRequired') : undefined}>
          {/* The page has one task: the account field has focus when it opens. */}
          <Input value={userName} onChange={(_, d) => setUserName(d.value)} autoComplete="username" name="userName" autoFocus />
        </Field>
        <Field label={t('password')} required validationMessage={passwordMissing ? t('passwordRequired') : undefined}>
          <Input
            type="password"
            value={password}
            onChange={(_, d) => setPassword(d.value)}
            autoComplete="current-password"
            name="password"
          />
        </Field>
        <Button type="submit" appearance="primary" disabled={busy}>
          {busy ? t('loggingIn') : t('login')}
        </Button>
        <div className={s.links}>
          <a className={s.link} href="#/register">
            {t('register')}
          </a>
          <a className={s.link} href="#/find-password">
            {t('findPassword')}
          </a>
        </div>
      </form>
    </main>
  );
}
