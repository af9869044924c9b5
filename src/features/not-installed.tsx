import { makeStyles, tokens } from '@fluentui/react-components';
import { useT } from '@/i18n/use-t.ts';
import { StatusScreen } from '@/shell/layout/status-screens.tsx';

const useStyles = makeStyles({
  // label and value side by side, in either language, without one language's punctuation
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content auto',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
    '& dd': { margin: 0 },
    '& dt': { color: tokens.colorNeutralForeground2 },
  },
});

/** A menu entry whose page module this deployment does not have: named honestly, never faked. */
export function ModuleNotInstalled({ title, path, component }: { title: string; path: string; component: string }) {
  const t = useT();
  const s = useStyles();
  return (
    <StatusScreen
      title={`${title} · ${t('moduleNotInstalled')}`}
      hint={
        <>
          <p>{t('moduleNotInstalledHint')}</p>
          <dl className={s.facts}>
            <dt>{t('menuEntry')}</dt>
            <dd>{title}</dd>
            <dt>{t('path')}</dt>
            <dd>
              <code>{path}</code>
            </dd>
            <dt>{t('component')}</dt>
            <dd>
              <code>{component || '—'}</code>
            </dd>
          </dl>
        </>
      }
    />
  );
}
