import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Input,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular, SearchRegular } from '@fluentui/react-icons';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { activeSideEntry, type MenuModel } from '@/menu/menu-model.ts';
import { labelMatches } from '@/menu/search-index.ts';
import { useT } from '@/i18n/use-t.ts';

export interface QuickSearchProps {
  open: boolean;
  model: MenuModel;
  currentPath: string;
  onClose: () => void;
  /** goes to a page; the dialog has already closed */
  onNavigate: (path: string) => void;
  /** the current page was chosen: warns '当前已在此页面' and the dialog stays */
  onAlreadyHere: () => void;
  onOpenPalette: () => void;
}

const MAX_ROWS = 100;

const useStyles = makeStyles({
  surface: { width: 'min(640px, 92vw)' },
  hint: { color: tokens.colorNeutralForeground3, display: 'block', marginBottom: tokens.spacingVerticalS },
  panels: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalS },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: tokens.spacingVerticalXS,
    maxHeight: '320px',
    overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    marginTop: tokens.spacingVerticalS,
  },
  panel: { marginTop: 0 },
  option: {
    padding: `${tokens.spacingVerticalSNudge} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusSmall,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  // Neutral text on the selected background: brand text on it falls under 4.5:1 in the dark theme.
  active: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  empty: { padding: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
});

interface Option {
  path: string;
  /** the cascader's path label: parents and the leaf joined by ' / ' */
  label: string;
}

/**
 * the spec's quick-search dialog: a cascading selector (first-level entries, then their pages) that turns into a
 * filtered list as soon as something is typed. The filter is a case-insensitive substring match on the label.
 */
export function QuickSearch(props: QuickSearchProps) {
  const s = useStyles();
  const t = useT();
  return (
    <Dialog open={props.open} onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface className={s.surface}>
        <DialogBody>
          <DialogTitle
            action={
              <DialogTrigger action="close">
                <Button appearance="subtle" aria-label={t('close')} icon={<DismissRegular />} />
              </DialogTrigger>
            }
          >
            {t('quickSearch')}
          </DialogTitle>
          <DialogContent>{props.open && <QuickSearchBody {...props} />}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={props.onOpenPalette}>
              {t('openPalette')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function QuickSearchBody({ model, currentPath, onClose, onNavigate, onAlreadyHere }: QuickSearchProps) {
  const s = useStyles();
  const t = useT();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [highlight, setHighlight] = useState(0);
  const [section, setSection] = useState(() => activeSideEntry(model, currentPath)?.key ?? model.side[0]?.key);
  const options = useMemo<Option[]>(
    () => model.routes.filter((r) => !r.hidden).map((r) => ({ path: r.path, label: [...r.trail, r.title].join(' / ') })),
    [model],
  );
  const filtered = useMemo(() => (query.trim() ? options.filter((o) => labelMatches(o.label, query)) : []), [options, query]);

  const choose = (path: string) => {
    if (path === currentPath) return onAlreadyHere();
    onClose();
    onNavigate(path);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!query.trim() && e.key === 'ArrowDown') {
      e.preventDefault();
      sectionsRef.current?.focus();
      return;
    }
    if (!filtered.length) return;
    const last = Math.min(filtered.length, MAX_ROWS) - 1;
    if (e.key === 'ArrowDown') setHighlight((h) => (h >= last ? 0 : h + 1));
    else if (e.key === 'ArrowUp') setHighlight((h) => (h <= 0 ? last : h - 1));
    else if (e.key === 'Enter') choose(filtered[Math.min(highlight, last)].path);
    else return;
    e.preventDefault();
  };
  const optionId = (i: number) => `${listId}-${i}`;
  const searching = query.trim() !== '';
  const entry = model.side.find((e) => e.key === section);
  // The two panels without a query: focusable listboxes, Up/Down within, Right/Enter into the pages, Left back.
  const sectionsRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // The dialog puts focus on its first control (the close button) as it opens; the search field is what is wanted.
  useEffect(() => {
    const id = requestAnimationFrame(() => inputRef.current?.focus());
    return () => cancelAnimationFrame(id);
  }, []);
  const leavesRef = useRef<HTMLUListElement>(null);
  const [leaf, setLeaf] = useState(0);
  const sectionIndex = Math.max(
    0,
    model.side.findIndex((e) => e.key === section),
  );
  const leaves = entry?.leaves ?? [];
  const onSectionsKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const last = model.side.length - 1;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const next = e.key === 'ArrowDown' ? (sectionIndex >= last ? 0 : sectionIndex + 1) : sectionIndex <= 0 ? last : sectionIndex - 1;
      setSection(model.side[next]?.key);
      setLeaf(0);
    } else if ((e.key === 'ArrowRight' || e.key === 'Enter') && leaves.length) leavesRef.current?.focus();
    else return;
    e.preventDefault();
  };
  const onLeavesKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const last = leaves.length - 1;
    if (e.key === 'ArrowDown') setLeaf((i) => (i >= last ? 0 : i + 1));
    else if (e.key === 'ArrowUp') setLeaf((i) => (i <= 0 ? last : i - 1));
    else if (e.key === 'ArrowLeft') sectionsRef.current?.focus();
    else if (e.key === 'Enter' && leaves[leaf]) choose(leaves[leaf].path);
    else return;
    e.preventDefault();
  };

  return (
    <>
      <Text className={s.hint}>{t('quickSearchHint')}</Text>
      <Input
        ref={inputRef}
        autoFocus
        style={{ width: '100%' }}
        contentBefore={<SearchRegular />}
        placeholder={t('quickSearchPlaceholder')}
        value={query}
        onChange={(_, d) => {
          setQuery(d.value);
          setHighlight(0);
        }}
        onKeyDown={onKeyDown}
        input={{
          role: 'combobox',
          'aria-expanded': searching,
          'aria-controls': listId,
          'aria-autocomplete': 'list',
          'aria-activedescendant': searching && filtered.length ? optionId(highlight) : undefined,
          'aria-label': t('quickSearch'),
        }}
      />
      {searching ? (
        <ul className={s.list} role="listbox" id={listId} aria-label={t('results')}>
          {filtered.length === 0 && <li className={s.empty}>{t('noMatch')}</li>}
          {filtered.slice(0, MAX_ROWS).map((o, i) => (
            <li
              key={o.path}
              id={optionId(i)}
              role="option"
              aria-selected={i === highlight}
              className={mergeClasses(s.option, i === highlight && s.active)}
              onMouseEnter={() => setHighlight(i)}
              onClick={() => choose(o.path)}
            >
              {o.label}
            </li>
          ))}
          {filtered.length > MAX_ROWS && <li className={s.empty}>{t('moreResults', { count: filtered.length - MAX_ROWS })}</li>}
        </ul>
      ) : (
        <div className={s.panels}>
          <ul
            ref={sectionsRef}
            className={mergeClasses(s.list, s.panel)}
            role="listbox"
            aria-label={t('sideMenu')}
            tabIndex={0}
            aria-activedescendant={`${listId}-s${sectionIndex}`}
            onKeyDown={onSectionsKey}
          >
            {model.side.map((e, i) => (
              <li
                key={e.key}
                id={`${listId}-s${i}`}
                role="option"
                aria-selected={e.key === section}
                className={mergeClasses(s.option, e.key === section && s.active)}
                onClick={() => {
                  setSection(e.key);
                  setLeaf(0);
                }}
              >
                {e.title}
              </li>
            ))}
          </ul>
          <ul
            ref={leavesRef}
            className={mergeClasses(s.list, s.panel)}
            role="listbox"
            aria-label={entry?.title ?? ''}
            tabIndex={0}
            aria-activedescendant={leaves.length ? `${listId}-l${Math.min(leaf, leaves.length - 1)}` : undefined}
            onKeyDown={onLeavesKey}
          >
            {leaves.map((l, i) => (
              <li
                key={l.path}
                id={`${listId}-l${i}`}
                role="option"
                aria-selected={i === leaf}
                aria-current={l.path === currentPath ? 'page' : undefined}
                className={mergeClasses(s.option, (i === leaf || l.path === currentPath) && s.active)}
                onMouseEnter={() => setLeaf(i)}
                onClick={() => choose(l.path)}
              >
                {l.title}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
