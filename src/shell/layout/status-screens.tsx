import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { BusyRing } from './busy-ring.tsx';
import type { ReactNode } from 'react';
import { useT } from '@/i18n/use-t.ts';

const useStyles = makeStyles({
  center: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    minHeight: '60vh',
    padding: tokens.spacingHorizontalXXL,
    textAlign: 'center',
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  hint: { margin: 0, color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
});

export function FullPageSpinner() {
  const t = useT();
  return (
    <div className={useStyles().center} style={{ minHeight: '100vh' }}>
      <BusyRing label={t('loading')} />
    </div>
  );
}

/** A titled message with actions, for 404, failures and modules this deployment lacks. */
export function StatusScreen({ title, hint, children }: { title: string; hint?: ReactNode; children?: ReactNode }) {
  const s = useStyles();
  return (
    <section className={s.center} aria-label={title}>
      <h1 className={s.title}>{title}</h1>
      {hint && <div className={s.hint}>{hint}</div>}
      {children && <div className={s.actions}>{children}</div>}
    </section>
  );
}

export function FailureScreen({ onRetry, onLogout }: { onRetry: () => void; onLogout: () => void }) {
  const t = useT();
  return (
    <StatusScreen title={t('loadFailed')} hint={t('loadFailedHint')}>
      <Button appearance="primary" onClick={onRetry}>
        {t('retry')}
      </Button>
      <Button onClick={onLogout}>{t('logout')}</Button>
    </StatusScreen>
  );
}
