import { Redirect, useSearch } from 'wouter';
import { LoginForm } from './login-form.tsx';
import { SessionContext } from '../session/session-context.ts';
import { FailureScreen, FullPageSpinner } from '../layout/status-screens.tsx';
import { DEPLOY_MODE, sloganFor } from '../deployment.ts';
import { safeRedirect } from '@/lib/redirect.ts';
import { STORAGE_KEYS, readStored } from '@/api/storage.ts';

/**
 * /login: signs in; once the session is ready the session machine replays navigation to ?redirect. `onRetry` is the
 * failure screen's 重试 (the app's: it may need a reload rather than RETRY).
 */
export function LoginPage({ onRetry }: { onRetry: () => void }) {
  const state = SessionContext.useSelector((s) => s);
  const session = SessionContext.useActorRef();
  const search = useSearch();
  if (state.matches({ authenticated: 'ready' })) {
    return <Redirect to={safeRedirect(new URLSearchParams(search).get('redirect')) ?? '/'} replace />;
  }
  if (state.matches({ authenticated: 'failed' })) {
    return <FailureScreen onRetry={onRetry} onLogout={() => session.send({ type: 'LOGOUT' })} />;
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

const readRemembered = () => readStored(STORAGE_KEYS.rememberedAccount) ?? '';
