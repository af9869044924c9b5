import { Dialog, DialogSurface, makeStyles, tokens } from '@fluentui/react-components';
import { Command } from 'cmdk';
import { useMemo, useState } from 'react';
import type { KeyValueStore } from '@/api/storage.ts';
import { STORAGE_KEYS } from '@/api/storage.ts';
import type { MenuModel } from '@/menu/menu-model.ts';
import { buildSearchIndex, pageEntries, searchIndex, type PinyinOf, type SearchEntry, type SearchIndex } from '@/menu/search-index.ts';
import { useT } from '@/i18n/use-t.ts';
import { FlashRegular } from '@fluentui/react-icons';
import { iconForRoute } from './menu-icons.tsx';

/** Something the palette can run: a shell action or a page's permitted button. */
export interface PaletteAction {
  id: string;
  label: string;
  trail?: readonly string[];
  run: () => void;
}

export interface CommandPaletteProps {
  open: boolean;
  model: MenuModel;
  currentPath: string;
  actions: readonly PaletteAction[];
  /** where recently used ids are kept (local storage in the app) */
  store: KeyValueStore;
  onClose: () => void;
  onNavigate: (path: string) => void;
  onAlreadyHere: () => void;
  /** pinyin of the labels (pinyin-source.ts); until it arrives, search matches the characters */
  pinyin?: PinyinOf;
}

/** At most this many rows are in the DOM; the rest are counted (stays fast at 50,000 entries). */
export const MAX_ROWS = 50;
const MAX_RECENT = 8;

type PageEntry = ReturnType<typeof pageEntries>[number];
type Item = (SearchEntry & { kind: 'page'; path: string }) | (SearchEntry & { kind: 'action'; run: () => void });

// One index per menu model and pinyin source, built once; the layout warms it before first use.
const pageIndexes = new WeakMap<MenuModel, Map<PinyinOf | undefined, SearchIndex<PageEntry>>>();
export function pageIndexFor(model: MenuModel, pinyin?: PinyinOf): SearchIndex<PageEntry> {
  let byPinyin = pageIndexes.get(model);
  if (!byPinyin) pageIndexes.set(model, (byPinyin = new Map()));
  let index = byPinyin.get(pinyin);
  if (!index) {
    index = buildSearchIndex(pageEntries(model), pinyin);
    byPinyin.clear();
    byPinyin.set(pinyin, index);
  }
  return index;
}

// Page path -> the name of its first-level entry, whose icon the row shows (as the side menu does).
const sectionNames = new WeakMap<MenuModel, Map<string, string>>();
function sectionNamesFor(model: MenuModel): Map<string, string> {
  let names = sectionNames.get(model);
  if (!names) {
    const byKey = new Map(model.side.map((e) => [e.key, e.name]));
    names = new Map(model.routes.map((r) => [r.path, byKey.get(r.section) ?? r.name]));
    sectionNames.set(model, names);
  }
  return names;
}

/** A row's icon: the page's menu icon, or the action glyph. Only the rows on screen (at most MAX_ROWS) render one. */
function RowIcon({ item, sectionOf, className }: { item: Item; sectionOf: Map<string, string>; className: string }) {
  const Icon = item.kind === 'page' ? iconForRoute(sectionOf.get(item.path) ?? '') : FlashRegular;
  return <Icon aria-hidden className={className} />;
}

function readRecent(store: KeyValueStore): string[] {
  try {
    const v: unknown = JSON.parse(store.getItem(STORAGE_KEYS.paletteRecent) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

function remember(store: KeyValueStore, id: string) {
  const next = [id, ...readRecent(store).filter((x) => x !== id)].slice(0, MAX_RECENT);
  store.setItem(STORAGE_KEYS.paletteRecent, JSON.stringify(next));
}

const useStyles = makeStyles({
  surface: { width: 'min(680px, 94vw)', padding: 0, overflow: 'hidden' },
  input: {
    width: '100%',
    boxSizing: 'border-box',
    border: 'none',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    fontSize: tokens.fontSizeBase400,
    outline: 'none',
    backgroundColor: 'transparent',
  },
  // Containment keeps a keystroke's relayout and repaint inside the list.
  list: { height: '420px', overflowY: 'auto', padding: tokens.spacingVerticalS, contain: 'strict' },
  group: {
    '& [cmdk-group-heading]': {
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
      fontSize: tokens.fontSizeBase200,
      color: tokens.colorNeutralForeground3,
    },
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    contain: 'layout paint',
    '&[data-selected="true"]': { backgroundColor: tokens.colorNeutralBackground1Selected },
  },
  kind: { width: '16px', height: '16px', flexShrink: 0, color: tokens.colorNeutralForeground3 },
  trail: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, marginLeft: 'auto', whiteSpace: 'nowrap' },
  tag: { color: tokens.colorBrandForeground1, fontSize: tokens.fontSizeBase200 },
  footer: {
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
  empty: { padding: tokens.spacingVerticalL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/**
 * The command palette (cmdk): pages and actions, matched by label, pinyin, initials and parent path through a
 * precomputed index (`shouldFilter={false}`), at most MAX_ROWS rows rendered; recent entries first when empty.
 */
export function CommandPalette(props: CommandPaletteProps) {
  const s = useStyles();
  const t = useT();
  return (
    <Dialog open={props.open} onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface className={s.surface} aria-label={t('palette')}>
        {props.open && <PaletteBody {...props} />}
      </DialogSurface>
    </Dialog>
  );
}

function PaletteBody({ model, currentPath, actions, store, onClose, onNavigate, onAlreadyHere, pinyin }: CommandPaletteProps) {
  const s = useStyles();
  const t = useT();
  const [query, setQuery] = useState('');
  const [recent] = useState(() => readRecent(store));
  const pageIndex = pageIndexFor(model, pinyin);
  const sectionOf = sectionNamesFor(model);
  const actionItems = useMemo<Item[]>(
    () => actions.map((a) => ({ id: a.id, label: a.label, trail: a.trail ?? [], kind: 'action', run: a.run })),
    [actions],
  );
  const actionIndex = useMemo(() => buildSearchIndex(actionItems, pinyin), [actionItems, pinyin]);

  const { groups, more } = useMemo(() => {
    const found = searchIndex(actionIndex, query, MAX_ROWS, recent);
    const pages = searchIndex(pageIndex, query, MAX_ROWS, recent);
    const asItems: Item[] = pages.items.map((p) => ({ id: p.id, label: p.label, trail: p.trail, kind: 'page', path: p.path }));
    const total = found.total + pages.total;
    if (query.trim()) {
      // One list by how well each matched; on a tie a page comes before an action (issue 45: 用户管理 typed on its own
      // page opened 新增用户, and "users" the online drawer), so a page's whole name is first and Enter goes there.
      const ranked = [
        ...asItems.map((item, i) => ({ item, rank: pages.ranks[i]!, kind: 0 })),
        ...found.items.map((item, i) => ({ item, rank: found.ranks[i]!, kind: 1 })),
      ].sort((a, b) => a.rank - b.rank || a.kind - b.kind);
      const items = ranked.slice(0, MAX_ROWS).map((r) => r.item);
      return { groups: [{ heading: t('results'), items }], more: total - items.length };
    }
    const all = [...found.items, ...asItems.slice(0, MAX_ROWS - Math.min(found.items.length, MAX_ROWS))];
    const shown = all.length;
    // Empty query: recently used first (actions and pages alike), then actions, then pages.
    const rank = new Map(recent.map((id, i) => [id, i]));
    const recents = all.filter((i) => rank.has(i.id)).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
    const rest = all.filter((i) => !rank.has(i.id));
    return {
      groups: [
        { heading: t('recent'), items: recents },
        { heading: t('action'), items: rest.filter((i) => i.kind === 'action') },
        { heading: t('page'), items: rest.filter((i) => i.kind === 'page') },
      ].filter((g) => g.items.length > 0),
      more: total - shown,
    };
  }, [actionIndex, pageIndex, query, recent, t]);

  const choose = (item: Item) => {
    if (item.kind === 'page' && item.path === currentPath) return onAlreadyHere();
    remember(store, item.id);
    onClose();
    if (item.kind === 'page') onNavigate(item.path);
    else item.run();
  };

  return (
    <Command label={t('palette')} shouldFilter={false} loop>
      <Command.Input
        autoFocus
        className={s.input}
        value={query}
        onValueChange={setQuery}
        placeholder={t('palettePlaceholder')}
        aria-label={t('palette')}
      />
      <Command.List className={s.list} aria-label={t('results')}>
        <Command.Empty className={s.empty}>{t('noMatch')}</Command.Empty>
        {groups.map((g) => (
          <Command.Group key={g.heading} heading={g.heading} className={s.group}>
            {g.items.map((item) => (
              <Command.Item key={item.id} value={item.id} className={s.item} onSelect={() => choose(item)}>
                <RowIcon item={item} sectionOf={sectionOf} className={s.kind} />
                <span>{item.label}</span>
                {item.kind === 'page' && item.path === currentPath && <span className={s.tag}>{t('currentPage')}</span>}
                {item.trail.length > 0 && <span className={s.trail}>{item.trail.join(' / ')}</span>}
              </Command.Item>
            ))}
          </Command.Group>
        ))}
      </Command.List>
      {more > 0 && <div className={s.footer}>{t('moreResults', { count: more })}</div>}
    </Command>
  );
}
