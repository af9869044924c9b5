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
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { activeSideEntry, type MenuModel } from '../menu/menu-model.ts';
import { labelMatches } from '../menu/search-index.ts';
import { useT } from '../i18n/use-t.ts';

export interface QuickSearchProps {
  open: boolean;
  model: MenuModel;
  currentPath: string;
  onClose: () => void;
  /** goes to a page; the dialog has already closed */
  onNavigate: (path: string) => void;
  /** the current page was chosen: SPEC 2 warns '当前已在此页面' and the dialog stays */
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
  active: { backgroundColor: tokens.colorNeutralBackground1Selected, color: tokens.colorBrandForeground1 },
  empty: { padding: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
});

interface Option {
  path: string;
  /** the cascader's path label: parents and the leaf joined by ' / ' */
  label: string;
}

/**
 * SPEC 2's quick-search dialog: a cascading selector (first-level entries, then their pages) that turns into a
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

  return (
    <>
      <Text className={s.hint}>{t('quickSearchHint')}</Text>
      <Input
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
          <ul className={mergeClasses(s.list, s.panel)} role="listbox" aria-label={t('sideMenu')}>
            {model.side.map((e) => (
              <li
                key={e.key}
                role="option"
                aria-selected={e.key === section}
                className={mergeClasses(s.option, e.key === section && s.active)}
                onClick={() => setSection(e.key)}
              >
                {e.title}
              </li>
            ))}
          </ul>
          <ul className={mergeClasses(s.list, s.panel)} role="listbox" aria-label={entry?.title ?? ''}>
            {entry?.leaves.map((l) => (
              <li
                key={l.path}
                role="option"
                aria-selected={l.path === currentPath}
                className={mergeClasses(s.option, l.path === currentPath && s.active)}
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
