import { Button, Input, Select, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useT } from '@/i18n/use-t.ts';
import { PAGE_SIZES, lastPage } from './list-query.ts';
import { LIST_LIMITS } from '@/api/contract/jobs.ts';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    marginTop: tokens.spacingVerticalM,
  },
  pages: { display: 'flex', gap: tokens.spacingHorizontalXXS, listStyleType: 'none', margin: 0, padding: 0 },
  jump: { width: '64px' },
  number: { minWidth: '32px' },
  ellipsis: { padding: `0 ${tokens.spacingHorizontalXS}`, color: tokens.colorNeutralForeground3 },
});

/** The page numbers to show: first, last, and two either side of the current one, with gaps as null. */
export function pageWindow(page: number, pages: number): Array<number | null> {
  const keep = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages));
  const sorted = [...keep].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null);
    out.push(p);
  });
  return out;
}

export interface PaginationProps {
  count: number;
  /**
   * the count is the server's estimate (past LIST_LIMITS.exactCountUpTo): said as 约 N 条, or as 超过 10,000 条 when
   * the planner guessed no more than what was counted
   */
  estimated?: boolean;
  page: number;
  size: number;
  onChange: (change: { page?: number; size?: number }) => void;
}

/** 共 N 条, page size (10/20/50/100/200), previous, page numbers, next, and 跳至 … 页. */
export function Pagination({ count, estimated, page, size, onChange }: PaginationProps) {
  const s = useStyles();
  const t = useT();
  const pages = lastPage(count, size);
  const [jump, setJump] = useState('');
  const go = (p: number) => p >= 1 && p <= pages && p !== page && onChange({ page: p });
  return (
    <nav className={s.bar} aria-label={t('pagination')}>
      {estimated ? (
        <Tooltip content={t('totalRowsEstimatedHint')} relationship="description">
          <span tabIndex={0}>
            {count > LIST_LIMITS.exactCountUpTo + 1
              ? t('totalRowsEstimated', { count: count.toLocaleString('en-US') })
              : t('totalRowsOver', { count: LIST_LIMITS.exactCountUpTo.toLocaleString('en-US') })}
          </span>
        </Tooltip>
      ) : (
        <span>{t('totalRows', { count })}</span>
      )}
      <Select aria-label={t('pageSize')} value={String(size)} onChange={(_, d) => onChange({ size: Number(d.value) })}>
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {t('perPage', { count: n })}
          </option>
        ))}
      </Select>
      <Button size="small" disabled={page <= 1} onClick={() => go(page - 1)}>
        {t('previousPage')}
      </Button>
      <ul className={s.pages}>
        {pageWindow(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className={s.ellipsis} aria-hidden>
              …
            </li>
          ) : (
            <li key={p}>
              <Button
                size="small"
                className={s.number}
                appearance={p === page ? 'primary' : 'subtle'}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('pageN', { page: p })}
                onClick={() => go(p)}
              >
                {p}
              </Button>
            </li>
          ),
        )}
      </ul>
      <Button size="small" disabled={page >= pages} onClick={() => go(page + 1)}>
        {t('nextPage')}
      </Button>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const p = Number(jump);
          if (Number.isInteger(p)) go(Math.min(Math.max(p, 1), pages));
          setJump('');
        }}
      >
        <label>
          {t('jumpTo')}{' '}
          <Input
            className={s.jump}
            size="small"
            inputMode="numeric"
            aria-label={t('jumpToPage')}
            value={jump}
            onChange={(_, d) => setJump(d.value.replace(/\D/g, ''))}
          />{' '}
          {t('pageUnit')}
        </label>
      </form>
    </nav>
  );
}
