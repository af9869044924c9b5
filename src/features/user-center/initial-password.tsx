import { Button, Card, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { SessionContext } from '@/shell/session/session-context.ts';
import { useNotify } from '@/shell/toast.tsx';
import { useT } from '@/i18n/use-t.ts';
import { PasswordForm } from './password-form.tsx';

const useStyles = makeStyles({
  page: { minHeight: '100vh', display: 'grid', placeItems: 'center', backgroundColor: tokens.colorNeutralBackground2 },
  card: { width: 'min(460px, calc(100vw - 32px))', padding: tokens.spacingHorizontalXL },
  hint: { color: tokens.colorNeutralForeground3, marginTop: 0 },
});

/**
 * The first sign-in with a password someone else chose (an administrator, an import, a new tenant's operator): it is
 * replaced here before the console loads, and the server answers nothing else meanwhile. The session goes on to its
 * permissions and menu once it is changed; 退出登录 leaves.
 */
export default function InitialPasswordScreen() {
  const s = useStyles();
  const t = useT();
  const notify = useNotify();
  const session = SessionContext.useActorRef();
  const name = SessionContext.useSelector((st) => st.context.userInfo?.nickname ?? '');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className={s.page}>
      <Card className={s.card} role="region" aria-labelledby="initial-password-title">
        <h1 id="initial-password-title" ref={heading} tabIndex={-1}>
          {t('initialPasswordTitle')}
        </h1>
        <p className={s.hint}>{t('initialPasswordHint', { name })}</p>
        <PasswordForm
          label={t('initialPasswordTitle')}
          oldLabel={t('initialPasswordOld')}
          onChanged={() => {
            notify(t('passwordChanged'), 'success');
            session.send({ type: 'PASSWORD_CHANGED' });
          }}
          extra={<Button onClick={() => session.send({ type: 'LOGOUT' })}>{t('logout')}</Button>}
        />
      </Card>
    </main>
  );
}
