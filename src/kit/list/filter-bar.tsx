import { ChoiceSelect } from '../form/controls/choice-select.tsx';
import { DayPicker } from '../form/controls/day-picker.tsx';
import {
  Button,
  Input,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { CalendarLtrRegular } from '@fluentui/react-icons';
import { Children, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { usePhone } from '@/shell/layout/use-phone.ts';
import { useT } from '@/i18n/use-t.ts';
import { DAY_RANGE_PRESETS, dayRange, type DayRangePreset } from '@/lib/days.ts';
import type { MessageKey } from '@/i18n/messages.ts';
import { useTimeZone } from '@/shell/time-zone.ts';
import type { Filters } from './use-filters.ts';
import { FONTS, textWidth } from '../table/text-width.ts';

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
  // On a phone the bar starts folded to its first filter and its buttons, so the rows are in view (issue 45).
  folded: { '& > :not(:first-child):not([data-filter-buttons])': { display: 'none' } },
  range: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
});

const PRESET_LABELS: Record<DayRangePreset, MessageKey> = {
  today: 'rangeToday',
  last7: 'rangeLast7',
  last30: 'rangeLast30',
  last90: 'rangeLast90',
};

export interface FilterBarProps {
  children: ReactNode;
  /** apply the filters (Enter in any field, or 查询) */
  onSearch: () => void;
  /** clear every filter (重置) */
  onReset: () => void;
}

/**
 * A list's filters in one search form: the fields, then 查询 and 重置. Enter in a text field searches. Below 768 px a
 * bar of more than one filter folds to its first, with 展开 (and how many hidden filters are set) to show the rest
 * and 收起 to fold them again; a hidden filter still applies.
 */
export function FilterBar({ children, onSearch, onReset }: FilterBarProps) {
  const s = useStyles();
  const t = useT();
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const [hiddenSet, setHiddenSet] = useState(0);
  const foldable = phone && Children.toArray(children).length > 1;
  const folded = foldable && !open;
  // how many of the hidden filters hold a value: 展开 says so, so a folded filter is never forgotten
  useLayoutEffect(() => {
    if (!folded || !form.current) return setHiddenSet(0);
    const hidden = [...form.current.children].slice(1).filter((el) => !el.hasAttribute('data-filter-buttons'));
    setHiddenSet(hidden.filter((el) => [...el.querySelectorAll('input, select')].some((i) => (i as HTMLInputElement).value)).length);
  });
  return (
    <form
      ref={form}
      className={mergeClasses(s.bar, folded && s.folded)}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        // A day whose text names none (the day picker says so) is not searched for: the user goes back to it.
        const unread = e.currentTarget.querySelector<HTMLElement>('input[aria-invalid="true"]');
        if (unread) {
          if (unread.offsetParent === null) setOpen(true);
          return requestAnimationFrame(() => unread.focus());
        }
        onSearch();
      }}
    >
      {children}
      <div className={s.buttons} data-filter-buttons="">
        <Button type="submit" appearance="primary">
          {t('search')}
        </Button>
        <Button type="button" onClick={onReset}>
          {t('reset')}
        </Button>
        {foldable && (
          <Button type="button" appearance="transparent" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('foldFilters') : hiddenSet ? t('unfoldFiltersSet', { count: hiddenSet }) : t('unfoldFilters')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** A filter field: words to look for, a day (the tenant's), or one value among a few (the first option is 全部). */
export type FilterField =
  | { name: string; label: string; kind?: 'text' | 'date' }
  /** a day range: `name` (from) and `to`, each a date input, with presets (today, the last 7, 30 and 90 days) */
  | { name: string; label: string; kind: 'dateRange'; to: string; toLabel: string }
  | { name: string; label: string; kind: 'select'; options: ReadonlyArray<{ value: string; label: string }> };

/**
 * A filter among a few fixed values, declared as [value, label] pairs in the order shown (全部 comes first).
 * @example choice('status', t('status'), ['1', t('enabled')], ['0', t('disabled')])
 */
export const choice = (name: string, label: string, ...options: ReadonlyArray<readonly [string, string]>): FilterField => ({
  name,
  label,
  kind: 'select',
  options: options.map(([value, text]) => ({ value, label: text })),
});

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
          <ChoiceSelect
            key={f.name}
            aria-label={f.label}
            value={filters.draft[f.name] ?? ''}
            empty={t('labelValue', { label: f.label, value: t('all') })}
            options={f.options}
            onChange={(v) => filters.edit(f.name, v)}
          />
        ) : f.kind === 'date' ? (
          <DateInput key={f.name} filters={filters} name={f.name} label={f.label} />
        ) : f.kind === 'dateRange' ? (
          <span key={f.name} className={s.range}>
            <DateInput filters={filters} name={f.name} label={f.label} />
            <DateInput filters={filters} name={f.to} label={f.toLabel} />
            <RangePresets filters={filters} from={f.name} to={f.to} />
          </span>
        ) : (
          <Input
            key={f.name}
            aria-label={f.label}
            placeholder={f.label}
            style={{ width: textFilterWidth(f.label) }}
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
 * A text filter is as wide as Fluent draws an input (200 px), or as its label when that is longer: the label is the
 * filter's placeholder, its only visible name (账号 / 昵称 / 手机号 is 'Account / nickname / phone' in English, cut at 200).
 * An input adds its padding (12 px a side) and border (1 px a side) to the text.
 */
const textFilterWidth = (label: string) => Math.max(200, textWidth(label, FONTS.input) + 26);

function DateInput({ filters, name, label }: { filters: Filters; name: string; label: string }) {
  return <DayPicker aria-label={label} value={filters.draft[name] ?? ''} onChange={(day) => filters.edit(name, day)} />;
}

/** 快捷日期: a preset fills both ends with the tenant's days and applies at once. */
function RangePresets({ filters, from, to }: { filters: Filters; from: string; to: string }) {
  return <DayRangePresets onPick={(r) => filters.apply({ [from]: r.from, [to]: r.to })} />;
}

/**
 * 快捷日期: today, the last 7, 30 or 90 days, each ending today in the tenant's zone.
 * @example <DayRangePresets onPick={({ from, to }) => setRange(from, to)} />
 */
export function DayRangePresets({ onPick }: { onPick: (range: { from: string; to: string }) => void }) {
  const t = useT();
  const zone = useTimeZone();
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button icon={<CalendarLtrRegular />}>{t('rangePresets')}</Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {DAY_RANGE_PRESETS.map((p) => (
            <MenuItem key={p} onClick={() => onPick(dayRange(p, zone))}>
              {t(PRESET_LABELS[p])}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/**
 * An empty list's words: with a filter applied it says so (`filteredReason`) and offers 重置; else `reason`, and
 * `action` (an add button) when given.
 * @example <DataTable … empty={emptyState(filters, { reason: t('emptyUsers'), filteredReason: t('emptyUsersFiltered'), action })} />
 */
export function emptyState(filters: Filters | undefined, opts: { reason: string; filteredReason: string; action?: ReactNode }) {
  return filters?.filtered
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
