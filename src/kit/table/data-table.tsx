import {
  Button,
  Checkbox,
  Skeleton,
  SkeletonItem,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  TableSelectionCell,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '@/i18n/use-t.ts';
import type { SortOrder } from '../list/list-query.ts';
import type { ListData } from '../list/use-list.ts';
import { titled, type Density } from './table-prefs.ts';
import { ColumnResizer } from './table-tools.tsx';
import { FONTS, textWidth } from './text-width.ts';
import { usePhone } from '@/shell/layout/use-phone.ts';

export interface Column<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  /** the list can be sorted by this column (the server names the same key) */
  sortable?: boolean;
  /** pixels; the columns' widths add up to the table's minimum width, and the card scrolls sideways below it */
  width: number;
  /**
   * the cell's full text, for a cell that renders more than text (a monospaced span): one line with an ellipsis and
   * the text on hover. A cell that renders plain text gets both without it.
   */
  ellipsis?: (row: T) => string | null | undefined;
  /**
   * kept in view while the table scrolls sideways: by default the first column on the left and the actions column
   * (key `actions`) on the right; `false` pins nothing
   */
  pin?: 'left' | 'right' | false;
  /**
   * hidden until the user shows it with the column chooser (列设置), and again after its 重置: a detail that would
   * push the key columns out of a narrow table (the online drawer's 员工编号)
   */
  hiddenAtFirst?: boolean;
  /**
   * the width (px) a row's content needs, when it is worked out rather than declared (the actions column: from its
   * buttons' labels, in the console's language); the column is as wide as its widest row, and never under `width`
   */
  fit?: (row: T) => number;
}

/**
 * A cell's whole text, shown on hover when its one line is cut off: the column's `ellipsis`, else what it renders when
 * that is plain text. Undefined for a cell of controls or badges, which keeps its own layout.
 */
export function cellText<T>(c: Pick<Column<T>, 'ellipsis'>, row: T, content: ReactNode): string | undefined {
  if (c.ellipsis) return c.ellipsis(row) ?? '';
  return typeof content === 'string' || typeof content === 'number' ? String(content) : undefined;
}

/** Where a column stays while the table scrolls sideways. */
export const pinOf = (c: Pick<Column<unknown>, 'key' | 'pin'>, index: number) =>
  c.pin ?? (c.key === 'actions' ? 'right' : index === 0 ? 'left' : false);

export interface DataTableProps<T, K extends string | number> {
  /** the table's accessible name (the page title) */
  label: string;
  columns: readonly Column<T>[];
  /** null before the first answer: skeleton rows */
  rows?: readonly T[] | null;
  /** a list useListData loads: its rows, whether a newer page is loading, and 重试 when the last load failed */
  data?: Pick<ListData<T, unknown>, 'rows' | 'loading' | 'failed' | 'reload'>;
  rowKey: (row: T) => K;
  /** the row that is the viewer's own (aria-current), e.g. their own session */
  current?: (row: T) => boolean;
  /** a newer page is loading: the rows stay, marked busy */
  loading?: boolean;
  sortField?: string | null;
  sortOrder?: SortOrder | null;
  onSort?: (field: string) => void;
  /** row selection for batch actions */
  selected?: ReadonlySet<K>;
  onSelect?: (next: Set<K>) => void;
  /** an empty list says why and what to do next */
  empty?: { reason?: string; action?: ReactNode };
  /** the last load failed (the shell said why): an empty table offers to try again instead of saying 暂无数据 */
  failed?: { onRetry: () => void };
  /** how tightly the rows sit (the user's choice in the table's tools) */
  density?: Density;
  /** the user set a column's width (its header's edge dragged): resizable columns when given */
  onResize?: (key: string, width: number) => void;
}

const useStyles = makeStyles({
  scroller: {
    overflowX: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    // the empty state's width is the card's (100cqw), not the table's
    containerType: 'inline-size',
  },
  table: { tableLayout: 'fixed' },
  busy: { opacity: 0.6, transitionProperty: 'opacity', transitionDuration: tokens.durationFast },
  head: { backgroundColor: tokens.colorNeutralBackground2 },
  headCell: { position: 'relative' },
  // Rows are opaque so a pinned cell (which inherits the row's colour) hides what scrolls under it, hover included.
  row: { backgroundColor: tokens.colorNeutralBackground1, ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover } },
  pinned: { position: 'sticky', zIndex: 1, backgroundColor: 'inherit' },
  pinnedLeft: { boxShadow: `1px 0 0 ${tokens.colorNeutralStroke2}` },
  pinnedRight: { right: 0, boxShadow: `-1px 0 0 ${tokens.colorNeutralStroke2}` },
  // A pinned column with columns scrolled under it casts a shadow on them, so a cell cut at its edge reads as going on
  // underneath, not as wrong data (a phone number cut mid-number, issue 45). No shadow once scrolled to that end.
  pinnedLeftOver: { boxShadow: `1px 0 0 ${tokens.colorNeutralStroke2}, 8px 0 8px -6px ${tokens.colorNeutralShadowKey}` },
  pinnedRightOver: { boxShadow: `-1px 0 0 ${tokens.colorNeutralStroke2}, -8px 0 8px -6px ${tokens.colorNeutralShadowKey}` },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  // As wide as the card and held at its left edge while the table scrolls sideways: a table wider than its card (a
  // 1024 px window) centred its empty state in the whole table, half of the sentence out of view.
  empty: {
    position: 'sticky',
    left: 0,
    boxSizing: 'border-box',
    width: `calc(100cqw - 2 * ${tokens.spacingHorizontalS})`,
    textAlign: 'center',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalS}`,
    color: tokens.colorNeutralForeground3,
  },
  emptyTitle: { fontSize: tokens.fontSizeBase400, color: tokens.colorNeutralForeground2 },
});

/**
 * Whether an element is wider inside than out (it scrolls sideways), and whether columns lie hidden to the left or to
 * the right of what is shown, kept current as it scrolls or as it or its content resizes.
 */
function useOverflowing() {
  const [state, setState] = useState({ value: false, hiddenLeft: false, hiddenRight: false });
  const node = useRef<HTMLDivElement | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const measure = useCallback(() => {
    const el = node.current;
    const value = Boolean(el && el.scrollWidth > el.clientWidth + 1);
    const hiddenLeft = Boolean(el && value && el.scrollLeft > 1);
    const hiddenRight = Boolean(el && value && el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
    setState((o) =>
      o.value === value && o.hiddenLeft === hiddenLeft && o.hiddenRight === hiddenRight ? o : { value, hiddenLeft, hiddenRight },
    );
  }, []);
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      observer.current?.disconnect();
      node.current?.removeEventListener('scroll', measure);
      node.current = el;
      if (!el) return;
      el.addEventListener('scroll', measure, { passive: true });
      if (typeof ResizeObserver === 'undefined') return measure();
      observer.current = new ResizeObserver(measure);
      observer.current.observe(el);
      if (el.firstElementChild) observer.current.observe(el.firstElementChild);
      measure();
    },
    [measure],
  );
  useEffect(() => () => observer.current?.disconnect(), []);
  return { ref, ...state };
}

const toFluent = (o: SortOrder | null | undefined) => (o === 'ascend' ? 'ascending' : o === 'descend' ? 'descending' : undefined);
const SELECT_WIDTH = 44;

/**
 * The kit's table (Fluent's Table): columns declared once, sortable headers that say their direction to screen
 * readers, row hover, row selection, a skeleton before the first answer, a real empty state, and a fixed layout
 * that scrolls sideways inside its card instead of out of the page.
 */
export function DataTable<T, K extends string | number>(props: DataTableProps<T, K>) {
  const { label, data, rowKey, current, sortField, sortOrder, onSort, selected, onSelect, empty, onResize } = props;
  // A column being dragged shows its width before the drag ends.
  const [dragging, setDragging] = useState<{ key: string; width: number } | null>(null);
  const t = useT();
  const rows = data ? data.rows : (props.rows ?? null);
  // Columns worked out from their rows (Column.fit) are as wide as the widest row on the page, and their title.
  const declared = titled(props.columns, t('actions')).map((c) =>
    c.fit ? { ...c, width: Math.max(c.width, textWidth(c.title, FONTS.header), ...(rows ?? []).map(c.fit)) } : c,
  );
  const columns = dragging ? declared.map((c) => (c.key === dragging.key ? { ...c, width: dragging.width } : c)) : declared;
  const resizer = (c: Column<T>, i: number) =>
    onResize && (
      <ColumnResizer
        title={c.title}
        width={c.width}
        last={i === columns.length - 1}
        onDrag={(width) => setDragging({ key: c.key, width })}
        onDone={(width) => {
          setDragging(null);
          onResize(c.key, width);
        }}
      />
    );
  const loading = data ? data.loading : props.loading;
  const failed = data ? (data.failed ? { onRetry: data.reload } : undefined) : props.failed;
  const s = useStyles();
  const selectable = Boolean(selected && onSelect);
  const minWidth = columns.reduce((w, c) => w + c.width, selectable ? SELECT_WIDTH : 0);
  const keys = rows?.map(rowKey) ?? [];
  const chosen = keys.filter((k) => selected?.has(k)).length;
  const allState = chosen === 0 ? false : chosen === keys.length ? true : 'mixed';
  const toggleAll = () => onSelect?.(new Set(allState === true ? [] : keys));
  const toggle = (k: K) => {
    const next = new Set(selected);
    if (next.has(k)) next.delete(k);
    else next.add(k);
    onSelect?.(next);
  };
  const span = columns.length + (selectable ? 1 : 0);
  const overflowing = useOverflowing();
  // A pinned cell's class and offset: left ones after the selection column, right ones at the edge. On a phone
  // nothing is pinned: two pinned columns would fill the width and hide the rest; the table is one sideways scroll.
  const phone = usePhone();
  const pins = columns.map((c, i) => (phone ? false : pinOf(c, i)));
  const pinned = (i: number | 'select') => {
    const side = i === 'select' ? (pins[0] === 'left' ? 'left' : false) : pins[i];
    if (!side) return {};
    return side === 'left'
      ? {
          className: mergeClasses(s.pinned, i !== 'select' && s.pinnedLeft, i !== 'select' && overflowing.hiddenLeft && s.pinnedLeftOver),
          style: { left: i === 'select' || !selectable ? 0 : SELECT_WIDTH },
        }
      : { className: mergeClasses(s.pinned, s.pinnedRight, overflowing.hiddenRight && s.pinnedRightOver), style: {} };
  };
  // Worked out once per render, not per cell.
  const selectPin = pinned('select');
  const columnPins = columns.map((_, i) => pinned(i));

  return (
    // A table wider than its card scrolls inside it; then the card is a labelled stop in the tab order, so a
    // keyboard can scroll it too (WCAG 2.1.1; axe scrollable-region-focusable), whatever the rows hold.
    <div
      ref={overflowing.ref}
      className={s.scroller}
      {...(overflowing.value ? { tabIndex: 0, role: 'region', 'aria-label': t('scrollableTable', { label }) } : {})}
    >
      <Table
        aria-label={label}
        aria-busy={loading || rows === null}
        sortable={Boolean(onSort)}
        size={props.density ?? 'small'}
        className={mergeClasses(s.table, loading && rows !== null && s.busy)}
        style={{ minWidth }}
      >
        <TableHeader className={s.head}>
          <TableRow className={s.head}>
            {/* A header cell (th), not Fluent's td selection cell: a td first makes browsers read the next th as a row header. */}
            {selectable && (
              <TableHeaderCell sortable={false} className={selectPin.className} style={{ width: SELECT_WIDTH, ...selectPin.style }}>
                <Checkbox checked={allState} onChange={toggleAll} aria-label={t('selectAllRows')} />
              </TableHeaderCell>
            )}
            {columns.map((c, i) =>
              c.sortable && onSort ? (
                <TableHeaderCell
                  key={c.key}
                  className={mergeClasses(s.headCell, columnPins[i].className)}
                  aside={onResize ? { children: resizer(c, i) } : undefined}
                  aria-label={onResize ? c.title : undefined}
                  style={{ width: c.width, ...columnPins[i].style }}
                  sortDirection={sortField === c.key ? toFluent(sortOrder) : undefined}
                  onClick={() => onSort(c.key)}
                >
                  {c.title}
                </TableHeaderCell>
              ) : (
                <TableHeaderCell
                  key={c.key}
                  sortable={false}
                  className={mergeClasses(s.headCell, columnPins[i].className)}
                  aside={onResize ? { children: resizer(c, i) } : undefined}
                  // The header is named by its title alone: its resize handle's label (调整 … 列宽) is the handle's.
                  aria-label={onResize ? c.title : undefined}
                  style={{ width: c.width, ...columnPins[i].style }}
                >
                  {c.title}
                </TableHeaderCell>
              ),
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows === null &&
            Array.from({ length: 5 }, (_, i) => (
              <TableRow key={`skeleton-${i}`} aria-hidden>
                <TableCell colSpan={span}>
                  <Skeleton aria-label={t('loading')}>
                    <SkeletonItem size={16} />
                  </Skeleton>
                </TableCell>
              </TableRow>
            ))}
          {rows?.length === 0 && (
            <TableRow>
              <TableCell colSpan={span}>
                {failed ? (
                  <div className={s.empty} role="status">
                    <span className={s.emptyTitle}>{t('loadFailed')}</span>
                    <Button size="small" onClick={failed.onRetry}>
                      {t('retry')}
                    </Button>
                  </div>
                ) : (
                  <div className={s.empty} role="status">
                    <span className={s.emptyTitle}>{t('none')}</span>
                    {empty?.reason && <span>{empty.reason}</span>}
                    {empty?.action}
                  </div>
                )}
              </TableCell>
            </TableRow>
          )}
          {rows?.map((row) => {
            const k = rowKey(row);
            return (
              <TableRow
                key={k}
                className={s.row}
                aria-selected={selectable ? Boolean(selected?.has(k)) : undefined}
                aria-current={current?.(row) ? 'true' : undefined}
              >
                {selectable && (
                  <TableSelectionCell
                    {...selectPin}
                    checked={Boolean(selected?.has(k))}
                    onClick={() => toggle(k)}
                    checkboxIndicator={{ 'aria-label': t('selectRow', { key: String(k) }) }}
                  />
                )}
                {columns.map((c, i) => {
                  const content = c.render(row);
                  const full = cellText(c, row, content);
                  return (
                    <TableCell key={c.key} {...columnPins[i]}>
                      {full === undefined ? (
                        content
                      ) : (
                        <div className={s.ellipsis} title={full || undefined}>
                          {content}
                        </div>
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
