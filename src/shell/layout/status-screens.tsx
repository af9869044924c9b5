import { Button } from '@fluentui/react-components';
import s from './status.module.css';
import { BusyRing } from './busy-ring.tsx';
import type { ReactNode } from 'react';
import { useT } from '@/i18n/use-t.ts';

export function FullPageSpinner() {
  const t = useT();
  return (
    <div className={`${s.center} ${s.fullPage}`}>
      <BusyRing label={t('loading')} />
    </div>
  );
}

/** A titled message with actions, for 404, failures and modules this deployment lacks. */
export function StatusScreen({ title, hint, children }: { title: string; hint?: ReactNode; children?: ReactNode }) {
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
