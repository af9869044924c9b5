import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useT } from '@/i18n/use-t.ts';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    marginBottom: tokens.spacingVerticalS,
    backgroundColor: tokens.colorBrandBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
});

/** Above a table while rows are chosen: how many, what can be done to all of them, and 取消选择. */
export function BatchBar({ count, onClear, children }: { count: number; onClear: () => void; children: ReactNode }) {
  const s = useStyles();
  const t = useT();
  if (count === 0) return null;
  return (
    <div className={s.bar} role="region" aria-label={t('selectedRows', { count })}>
      <span>{t('selectedRows', { count })}</span>
      {children}
      <Button size="small" appearance="subtle" onClick={onClear}>
        {t('clearSelection')}
      </Button>
    </div>
  );
}
