import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t.ts';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalM,
    '& > *': { minWidth: '140px' },
  },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
});

export interface FilterBarProps {
  children: ReactNode;
  /** apply the filters (Enter in any field, or 查询) */
  onSearch: () => void;
  /** clear every filter (重置) */
  onReset: () => void;
}

/** A list's filters in one search form: the fields, then 查询 and 重置. Enter in a text field searches. */
export function FilterBar({ children, onSearch, onReset }: FilterBarProps) {
  const s = useStyles();
  const t = useT();
  return (
    <form
      className={s.bar}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    >
      {children}
      <div className={s.buttons}>
        <Button type="submit" appearance="primary">
          {t('search')}
        </Button>
        <Button type="button" onClick={onReset}>
          {t('reset')}
        </Button>
      </div>
    </form>
  );
}
