import { Button, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t.ts';
import type { Filters } from './use-filters.ts';

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
  date: { maxWidth: '170px' },
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

/** A filter field: words to look for, a day (the tenant's), or one value among a few (the first option is 全部). */
export type FilterField =
  | { name: string; label: string; kind?: 'text' | 'date' }
  | { name: string; label: string; kind: 'select'; options: ReadonlyArray<{ value: string; label: string }> };

/**
 * The filter fields a list declares, bound to its useFilters: named by their label (which a text field also shows
 * as its placeholder), then 查询 and 重置.
 */
export function FilterFields({ filters, fields, children }: { filters: Filters; fields: readonly FilterField[]; children?: ReactNode }) {
  const s = useStyles();
  const t = useT();
  return (
    <FilterBar onSearch={filters.search} onReset={filters.reset}>
      {fields.map((f) =>
        f.kind === 'select' ? (
          <Select key={f.name} aria-label={f.label} value={filters.draft[f.name] ?? ''} onChange={(_, d) => filters.edit(f.name, d.value)}>
            <option value="">{t('labelValue', { label: f.label, value: t('all') })}</option>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        ) : f.kind === 'date' ? (
          <Input
            key={f.name}
            className={s.date}
            type="date"
            aria-label={f.label}
            value={filters.draft[f.name] ?? ''}
            onChange={(_, d) => filters.edit(f.name, d.value)}
          />
        ) : (
          <Input
            key={f.name}
            aria-label={f.label}
            placeholder={f.label}
            value={filters.draft[f.name] ?? ''}
            onChange={(_, d) => filters.edit(f.name, d.value)}
          />
        ),
      )}
      {children}
    </FilterBar>
  );
}

/**
 * An empty list's words: with a filter applied it says so (`filteredReason`) and offers 重置; else `reason`, and
 * `action` (an add button) when given.
 * @example <DataTable … empty={emptyState(filters, { reason: t('emptyUsers'), filteredReason: t('emptyUsersFiltered'), action })} />
 */
export function emptyState(filters: Filters, opts: { reason: string; filteredReason: string; action?: ReactNode }) {
  return filters.filtered
    ? { reason: opts.filteredReason, action: <ResetButton onClick={filters.reset} /> }
    : { reason: opts.reason, action: opts.action };
}

function ResetButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <Button size="small" onClick={onClick}>
      {t('reset')}
    </Button>
  );
}
