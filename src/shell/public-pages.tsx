import { Link, makeStyles, tokens } from '@fluentui/react-components';
import { Redirect, useSearch } from 'wouter';
import { useT } from '../i18n/use-t.ts';
import { LoginForm } from './login-form.tsx';
import { SessionContext } from './session-context.ts';
import { FailureScreen, FullPageSpinner } from './status-screens.tsx';
import { DEPLOY_MODE, sloganFor } from './deployment.ts';
import { safeRedirect } from '../lib/redirect.ts';
import { STORAGE_KEYS } from '../api/storage.ts';

/** /login: signs in; once the session is ready the session machine replays navigation to ?redirect. */
export function LoginPage() {
  const state = SessionContext.useSelector((s) => s);
  const session = SessionContext.useActorRef();
  const search = useSearch();
  if (state.matches({ authenticated: 'ready' })) {
    return <Redirect to={safeRedirect(new URLSearchParams(search).get('redirect')) ?? '/'} replace />;
  }
  if (state.matches({ authenticated: 'failed' })) {
    return <FailureScreen onRetry={() => session.send({ type: 'RETRY' })} onLogout={() => session.send({ type: 'LOGOUT' })} />;
  }
  if (state.matches('authenticated') || state.matches('start') || state.matches('exchangingLink')) return <FullPageSpinner />;
  return (
    <LoginForm
      slogan={sloganFor(DEPLOY_MODE)}
      busy={state.matches('loggingIn')}
      error={state.context.error}
      initialUserName={readRemembered()}
      onSubmit={(c) => session.send({ type: 'LOGIN', ...c })}
    />
  );
}

const readRemembered = () => {
  try {
    return localStorage.getItem(STORAGE_KEYS.rememberedAccount) ?? '';
  } catch {
    return '';
  }
};

const usePublicStyles = makeStyles({
  page: { display: 'grid', placeItems: 'center', minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  card: {
    width: '420px',
    padding: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
  },
});

function PublicNotice({ title, hint }: { title: string; hint: string }) {
  const s = usePublicStyles();
  const t = useT();
  return (
    <main className={s.page}>
      <section className={s.card} aria-label={title}>
        <h1>{title}</h1>
        <p>{hint}</p>
        <Link href="#/login">{t('backToLogin')}</Link>
      </section>
    </main>
  );
}

export function RegisterPage() {
  const t = useT();
  return <PublicNotice title={t('register')} hint={t('registerHint')} />;
}

export function FindPasswordPage() {
  const t = useT();
  return <PublicNotice title={t('findPassword')} hint={t('findPasswordHint')} />;
}
