import {
  Button,
  Checkbox,
  Menu,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowClockwise20Regular,
  ArrowDown16Regular,
  ArrowUp16Regular,
  ColumnTriple20Regular,
  FullScreenMaximize20Regular,
  FullScreenMinimize20Regular,
  TextLineSpacing20Regular,
} from '@fluentui/react-icons';
import { useState, type ReactElement } from 'react';
import { SessionContext } from '@/shell/session/session-context.ts';
import { useT } from '@/i18n/use-t.ts';
import {
  WIDTH_LIMITS,
  defaultPrefs,
  arrangeColumns,
  clampWidth,
  moved,
  prefsKey,
  readPrefs,
  settingsOrder,
  writePrefs,
  type Density,
  type TablePrefs,
} from './table-prefs.ts';

const useStyles = makeStyles({
  bar: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalXS, marginBottom: tokens.spacingVerticalXS },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: '220px' },
  // The name takes the row; the two arrows line up in their own columns whatever the names' lengths.
  item: { display: 'grid', gridTemplateColumns: '1fr auto auto', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
});

/**
 * A table's settings kept per user in this browser (order, hidden columns, density), and the columns to show. `table`
 * names the table (its page title).
 */
export function useTablePrefs<C extends { key: string; title: string; hiddenAtFirst?: boolean }>(table: string, columns: readonly C[]) {
  const userId = SessionContext.useSelector((st) => st.context.userInfo?.id ?? 'anonymous');
  const key = prefsKey(userId, table);
  // Read once per table and user: another user (or table) reads its own choice.
  const [held, setHeld] = useState(() => ({ key, prefs: readPrefs(key, columns) }));
  if (held.key !== key) setHeld({ key, prefs: readPrefs(key, columns) });
  const prefs = held.key === key ? held.prefs : defaultPrefs(columns);
  const change = (next: TablePrefs) => {
    setHeld({ key, prefs: next });
    writePrefs(key, next);
  };
  return { prefs, change, shown: arrangeColumns(columns, prefs) };
}

const DENSITY_LABELS: Record<Density, 'densityCompact' | 'densityDefault' | 'densityLoose'> = {
  'extra-small': 'densityCompact',
  small: 'densityDefault',
  medium: 'densityLoose',
};

/** Refresh, density, the column chooser (show, hide, order) and full screen, above a list's table. */
export function TableTools({
  columns,
  prefs,
  onChange,
  onRefresh,
  fullscreen,
  onFullscreen,
}: {
  columns: ReadonlyArray<{ key: string; title: string; hiddenAtFirst?: boolean }>;
  prefs: TablePrefs;
  onChange: (next: TablePrefs) => void;
  onRefresh?: () => void;
  fullscreen: boolean;
  /** none: no full-screen button (a table in a drawer, whose surface a fixed box cannot leave) */
  onFullscreen?: (on: boolean) => void;
}) {
  const s = useStyles();
  const t = useT();
  const order = settingsOrder(columns, prefs).map((c) => c.key);
  const titles = new Map(columns.map((c) => [c.key, c.title]));
  const icon = (label: string, el: ReactElement) => (
    <Tooltip content={label} relationship="label">
      {el}
    </Tooltip>
  );
  return (
    <div className={s.bar} role="toolbar" aria-label={t('tableTools')}>
      {onRefresh && icon(t('refresh'), <Button appearance="subtle" icon={<ArrowClockwise20Regular />} onClick={onRefresh} />)}
      <Menu
        checkedValues={{ density: [prefs.density] }}
        onCheckedValueChange={(_, d) => onChange({ ...prefs, density: d.checkedItems[0] as Density })}
      >
        <MenuTrigger disableButtonEnhancement>
          {icon(t('density'), <Button appearance="subtle" icon={<TextLineSpacing20Regular />} />)}
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {(Object.keys(DENSITY_LABELS) as Density[]).map((d) => (
              <MenuItemRadio key={d} name="density" value={d}>
                {t(DENSITY_LABELS[d])}
              </MenuItemRadio>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      <Popover positioning="below-end" trapFocus>
        <PopoverTrigger disableButtonEnhancement>
          {icon(t('columnSettings'), <Button appearance="subtle" icon={<ColumnTriple20Regular />} />)}
        </PopoverTrigger>
        <PopoverSurface aria-label={t('columnSettings')}>
          <div className={s.list}>
            {order.map((key, i) => {
              const name = titles.get(key) ?? key;
              return (
                <div key={key} className={s.item}>
                  <Checkbox
                    label={name}
                    checked={!prefs.hidden.includes(key)}
                    onChange={(_, d) =>
                      onChange({ ...prefs, hidden: d.checked ? prefs.hidden.filter((h) => h !== key) : [...prefs.hidden, key] })
                    }
                  />
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<ArrowUp16Regular />}
                    aria-label={t('moveColumnUp', { name })}
                    disabledFocusable={i === 0}
                    onClick={() => onChange({ ...prefs, order: moved(order, key, -1) })}
                  />
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<ArrowDown16Regular />}
                    aria-label={t('moveColumnDown', { name })}
                    disabledFocusable={i === order.length - 1}
                    onClick={() => onChange({ ...prefs, order: moved(order, key, 1) })}
                  />
                </div>
              );
            })}
            <Button size="small" onClick={() => onChange({ ...defaultPrefs(columns), density: prefs.density })}>
              {t('reset')}
            </Button>
          </div>
        </PopoverSurface>
      </Popover>
      {onFullscreen &&
        icon(
          fullscreen ? t('exitFullscreen') : t('fullscreen'),
          <Button
            appearance="subtle"
            aria-pressed={fullscreen}
            icon={fullscreen ? <FullScreenMinimize20Regular /> : <FullScreenMaximize20Regular />}
            onClick={() => onFullscreen(!fullscreen)}
          />,
        )}
    </div>
  );
}

const useResizerStyles = makeStyles({
  handle: {
    position: 'absolute',
    top: 0,
    right: '-3px',
    bottom: 0,
    width: '6px',
    zIndex: 2,
    cursor: 'col-resize',
    touchAction: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralStroke1 },
    ':focus-visible': { backgroundColor: tokens.colorBrandStroke1, outlineStyle: 'none' },
  },
  // The last column's edge is the table's: a handle past it made every table 3 px wider than its card, so each one
  // scrolled sideways by 3 px, became a scroll region and showed its pinned column's shadow.
  last: { right: 0 },
});

/**
 * The edge of a column's header: drag it (or focus it and press ← / →) to make the column narrower or wider. The
 * width shows while dragging and is kept when the drag ends.
 */
export function ColumnResizer({
  title,
  width,
  onDrag,
  onDone,
  last,
}: {
  title: string;
  width: number;
  /** the table's last column: its handle stays inside the table */
  last?: boolean;
  /** the width while dragging */
  onDrag: (width: number) => void;
  /** the width chosen */
  onDone: (width: number) => void;
}) {
  const s = useResizerStyles();
  const t = useT();
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('resizeColumn', { name: title })}
      aria-valuenow={width}
      aria-valuemin={WIDTH_LIMITS.min}
      aria-valuemax={WIDTH_LIMITS.max}
      tabIndex={0}
      className={mergeClasses(s.handle, last && s.last)}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
        e.preventDefault();
        e.stopPropagation();
        onDone(clampWidth(width + (e.key === 'ArrowRight' ? 10 : -10)));
      }}
      onPointerDown={(e) => {
        e.preventDefault();
        e.stopPropagation();
        const startX = e.clientX;
        const target = e.currentTarget;
        target.setPointerCapture(e.pointerId);
        let last = width;
        const move = (ev: PointerEvent) => onDrag((last = clampWidth(width + ev.clientX - startX)));
        const up = () => {
          target.removeEventListener('pointermove', move);
          target.removeEventListener('pointerup', up);
          target.removeEventListener('pointercancel', up);
          onDone(last);
        };
        target.addEventListener('pointermove', move);
        target.addEventListener('pointerup', up);
        target.addEventListener('pointercancel', up);
      }}
    />
  );
}
