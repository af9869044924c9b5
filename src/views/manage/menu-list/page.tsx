import {
  Badge,
  Button,
  Combobox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Option,
  Select,
  Spinner,
  Switch,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular, ReOrderDotsVerticalRegular } from '@fluentui/react-icons';
import { useAppActor } from '../../../journal/actor-hooks.ts';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { fromPromise } from 'xstate';
import { findEntry, menuEditorMachine, type CatalogueEntry, type MenuDraft } from '../../../../machines/menu-editor.machine.ts';
import { menuEntryProblems, type InterfaceRow } from '../../../api/contract.ts';
import { ApiFailure } from '../../../api/errors.ts';
import { platformCalls, type PlatformCalls } from '../../../api/calls/platform-calls.ts';
import { parseIcon } from '../../../menu/menu-model.ts';
import { useApi } from '../../../shell/session/api-context.ts';
import { MENU_ICON_NAMES, iconForEntry } from '../../../shell/navigation/menu-icons.tsx';
import { usePageActions } from '../../../shell/navigation/page-actions.tsx';
import { useNotify } from '../../../shell/toast.tsx';
import { PageHeader } from '../../../kit/page/page-header.tsx';
import { useLocalize, useT } from '../../../i18n/use-t.ts';
import { INSTALLED_VIEWS } from '../../view-names.ts';
import type { ViewProps } from '../../view-props.ts';

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  columns: { display: 'grid', gridTemplateColumns: 'minmax(260px, 340px) minmax(0, 1fr)', gap: tokens.spacingHorizontalXL },
  side: { borderRight: `1px solid ${tokens.colorNeutralStroke2}`, paddingRight: tokens.spacingHorizontalL, minWidth: 0 },
  tools: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalS },
  tree: { listStyleType: 'none', margin: 0, padding: 0, maxHeight: '64vh', overflowY: 'auto' },
  sub: { listStyleType: 'none', margin: 0, paddingLeft: tokens.spacingHorizontalL },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `2px ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusMedium,
    borderTop: '1px solid transparent',
    borderBottom: '1px solid transparent',
    borderLeft: '1px solid transparent',
    borderRight: '1px solid transparent',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  current: { backgroundColor: tokens.colorNeutralBackground1Selected, fontWeight: tokens.fontWeightSemibold },
  dropBefore: { borderTopColor: tokens.colorBrandStroke1 },
  dropAfter: { borderBottomColor: tokens.colorBrandStroke1 },
  dropInto: {
    backgroundColor: tokens.colorBrandBackground2,
    borderTopColor: tokens.colorBrandStroke1,
    borderBottomColor: tokens.colorBrandStroke1,
    borderLeftColor: tokens.colorBrandStroke1,
    borderRightColor: tokens.colorBrandStroke1,
  },
  entryButton: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    textAlign: 'start',
    background: 'none',
    border: 'none',
    padding: `${tokens.spacingVerticalXXS} 0`,
    color: 'inherit',
    font: 'inherit',
    cursor: 'pointer',
  },
  label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  grip: { cursor: 'grab', color: tokens.colorNeutralForeground3, flexShrink: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '640px' },
  inline: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'flex-end' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  section: { marginTop: tokens.spacingVerticalXL },
  sectionTitle: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, margin: `0 0 ${tokens.spacingVerticalS}` },
  list: { margin: 0, paddingLeft: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  listRow: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalXXL, textAlign: 'center' },
});

/** The editor's machine with the real calls: failures reach it as { message, field }. */
function createMenuEditorLogic(calls: PlatformCalls) {
  const plain = (err: unknown) => {
    if (err instanceof ApiFailure) return { message: err.failure.message, field: err.failure.field };
    return { message: err instanceof Error ? err.message : String(err) };
  };
  const wrap =
    <I, O>(fn: (input: I) => Promise<O>) =>
    ({ input }: { input: I }) =>
      fn(input).catch((err: unknown) => Promise.reject(plain(err)));
  return menuEditorMachine.provide({
    actors: {
      loadCatalogue: fromPromise(wrap(() => calls.catalogue() as Promise<CatalogueEntry[]>)),
      saveEntry: fromPromise(
        wrap(({ draft }: { draft: MenuDraft }) => {
          const { id, ...rest } = draft;
          // A page's icon JSON always says its current name ({icon, name, hidden}), whatever was edited last.
          const icon = rest.uriType === 1 ? JSON.stringify({ ...parseIcon(rest.icon), name: rest.name }) : rest.icon;
          return calls.saveEntry(id === undefined ? { ...rest, icon } : { id, ...rest, icon });
        }),
      ),
      moveEntry: fromPromise(
        wrap(({ id, parentId, index }: { id: number; parentId: number | null; index: number }): Promise<unknown> =>
          calls.moveEntry(id, parentId, index),
        ),
      ),
      deleteEntry: fromPromise(wrap(({ id }: { id: number }): Promise<unknown> => calls.deleteEntry(id))),
    },
  });
}

type Drop = { id: number; where: 'before' | 'after' | 'into' } | null;

const RELOADING = JSON.stringify({ ready: 'reloading' });
const CHANGES = ['saving', 'moving', 'deleting'].map((x) => JSON.stringify({ ready: x }));

const countBelow = (e: CatalogueEntry): number => e.children.reduce((n, c) => n + 1 + countBelow(c), 0);
const rolesBelow = (e: CatalogueEntry & { roleCount?: number }): number =>
  (e.roleCount ?? 0) + e.children.reduce((n, c) => n + rolesBelow(c), 0);
const contains = (e: CatalogueEntry, id: number): boolean => e.id === id || e.children.some((c) => contains(c, id));
const parentOf = (nodes: readonly CatalogueEntry[], id: number): CatalogueEntry | null => {
  for (const n of nodes) {
    if (n.children.some((c) => c.id === id)) return n;
    const p = parentOf(n.children, id);
    if (p) return p;
  }
  return null;
};
const flat = (nodes: readonly CatalogueEntry[]): CatalogueEntry[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

/**
 * 系统管理 › 菜单列表 (the platform operator's): the whole menu as a tree, dragged to reorder and re-parent; one entry's
 * form (name, path, icon, component from the installed page modules or typed, button permission); a page's buttons
 * and the interfaces it may call. Changes reach signed-in users at once (their menus rebuild in place).
 */
export default function MenuListView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const localize = useLocalize();
  const api = useApi();
  const calls = useMemo(() => platformCalls(api), [api]);
  const notify = useNotify();
  const logic = useMemo(() => createMenuEditorLogic(calls), [calls]);
  const [state, send] = useAppActor(logic);
  const { catalogue, draft, saved, selectedId, fieldError, showProblems } = state.context;
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [query, setQuery] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const [drop, setDrop] = useState<Drop>(null);
  const [touched, setTouched] = useState<Set<string>>(new Set());

  useEffect(() => setOpen((o) => (o.size ? o : new Set(catalogue.map((n) => n.id)))), [catalogue]);
  useEffect(() => setTouched(new Set()), [selectedId, draft?.id === undefined]);
  // One message per finished change: a save, move or delete that went through (the reload follows it).
  const stateKey = JSON.stringify(state.value);
  const previous = useRef('');
  useEffect(() => {
    const was = previous.current;
    previous.current = stateKey;
    if (stateKey === RELOADING && CHANGES.includes(was)) notify(t('operationDone'), 'success');
  }, [stateKey]);

  usePageActions([{ code: 'menu:add', label: t('addTopMenu'), run: () => send({ type: 'NEW', parentId: null, uriType: 1 }) }]);

  const editing =
    state.matches({ ready: 'editing' }) || state.matches({ ready: 'saving' }) || state.matches({ ready: 'confirmingDiscard' });
  const busy = state.matches({ ready: 'saving' }) || state.matches({ ready: 'moving' }) || state.matches({ ready: 'deleting' });
  const selected = findEntry(catalogue, selectedId) as (CatalogueEntry & { roleCount?: number; interfaceCount?: number }) | null;
  const problems = draft ? menuEntryProblems(draft) : {};
  const fieldMessage = (field: string) => {
    if (fieldError?.field === field) return localize(fieldError.message);
    const p = (problems as Record<string, string>)[field];
    return p && (showProblems || touched.has(field)) ? localize(p) : undefined;
  };
  const fieldProps = (field: string) => {
    const m = fieldMessage(field);
    return m ? { validationState: 'error' as const, validationMessage: m } : {};
  };
  const edit = (patch: Partial<MenuDraft>) => send({ type: 'EDIT', patch });
  const icon = parseIcon(draft?.icon ?? '');
  const setIcon = (patch: Partial<{ icon: string; hidden: boolean }>) =>
    edit({ icon: JSON.stringify({ icon: patch.icon ?? icon.icon, name: draft?.name ?? '', hidden: patch.hidden ?? icon.hidden }) });

  const q = query.trim().toLowerCase();
  const matches = (n: CatalogueEntry): boolean =>
    !q || [n.name, n.path, n.component, n.code].some((x) => x.toLowerCase().includes(q)) || n.children.some(matches);

  // Drag and drop: the upper quarter of a row drops before it, the lower quarter after it, the middle into it.
  const onDragOver = (e: DragEvent<HTMLDivElement>, n: CatalogueEntry) => {
    if (dragging === null) return;
    const moving = findEntry(catalogue, dragging);
    if (!moving || contains(moving, n.id)) return;
    const r = e.currentTarget.getBoundingClientRect();
    const y = (e.clientY - r.top) / r.height;
    const canInto = n.uriType === 1 && (moving.uriType === 1 || Boolean(n.path));
    const where = y < 0.25 || (!canInto && y < 0.5) ? 'before' : y > 0.75 || !canInto ? 'after' : 'into';
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    if (drop?.id !== n.id || drop.where !== where) setDrop({ id: n.id, where });
  };
  const onDrop = (e: DragEvent<HTMLDivElement>, n: CatalogueEntry) => {
    e.preventDefault();
    const id = dragging;
    setDragging(null);
    setDrop(null);
    if (id === null || !drop || id === n.id) return;
    if (drop.where === 'into') {
      send({ type: 'MOVE', id, parentId: n.id, index: n.children.filter((c) => c.id !== id).length });
      setOpen((o) => new Set(o).add(n.id));
      return;
    }
    const parent = parentOf(catalogue, n.id);
    const siblings = (parent ? parent.children : catalogue).filter((c) => c.id !== id);
    const at = siblings.findIndex((c) => c.id === n.id);
    send({ type: 'MOVE', id, parentId: parent?.id ?? null, index: drop.where === 'before' ? at : at + 1 });
  };
  // The keyboard's way to move: up and down among siblings.
  const moveBy = (delta: -1 | 1) => {
    if (!selected) return;
    const parent = parentOf(catalogue, selected.id);
    const siblings = parent ? parent.children : catalogue;
    const at = siblings.findIndex((c) => c.id === selected.id);
    const to = at + delta;
    if (to < 0 || to >= siblings.length) return;
    send({ type: 'MOVE', id: selected.id, parentId: parent?.id ?? null, index: to });
  };

  const renderTree = (nodes: readonly CatalogueEntry[], depth: number) =>
    nodes.filter(matches).map((n) => {
      const isOpen = open.has(n.id) || q !== '';
      const isCurrent = n.id === selectedId;
      const EntryIcon = depth === 0 ? iconForEntry(n.path.replace(/^\//, ''), parseIcon(n.icon).icon) : null;
      return (
        <li
          key={n.id}
          role="treeitem"
          aria-expanded={n.children.length ? isOpen : undefined}
          aria-selected={isCurrent}
          aria-level={depth + 1}
        >
          <div
            className={mergeClasses(
              s.row,
              isCurrent && s.current,
              drop?.id === n.id && (drop.where === 'before' ? s.dropBefore : drop.where === 'after' ? s.dropAfter : s.dropInto),
            )}
            draggable={!editing && !busy}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(n.id));
              setDragging(n.id);
            }}
            onDragEnd={() => {
              setDragging(null);
              setDrop(null);
            }}
            onDragOver={(e) => onDragOver(e, n)}
            onDragLeave={() => drop?.id === n.id && setDrop(null)}
            onDrop={(e) => onDrop(e, n)}
            data-entry-id={n.id}
          >
            <ReOrderDotsVerticalRegular className={s.grip} aria-hidden />
            {n.children.length ? (
              <Button
                size="small"
                appearance="transparent"
                aria-label={isOpen ? t('collapseEntry', { name: n.name }) : t('expandEntry', { name: n.name })}
                icon={isOpen ? <ChevronDownRegular /> : <ChevronRightRegular />}
                onClick={() =>
                  setOpen((o) => {
                    const next = new Set(o);
                    if (next.has(n.id)) next.delete(n.id);
                    else next.add(n.id);
                    return next;
                  })
                }
              />
            ) : (
              <span style={{ width: 24, flexShrink: 0 }} />
            )}
            <button
              type="button"
              className={s.entryButton}
              aria-current={isCurrent ? 'true' : undefined}
              onClick={() => send({ type: 'SELECT', id: n.id })}
            >
              {EntryIcon && <EntryIcon aria-hidden />}
              <span className={s.label}>{n.name || (n.wrapper ? t('wrapperEntry') : t('unnamed'))}</span>
              {n.uriType === 2 && <span className={mergeClasses(s.muted, s.mono)}>{n.code}</span>}
              {n.uriType === 1 && n.path && <span className={mergeClasses(s.muted, s.label)}>{n.path}</span>}
              {parseIcon(n.icon).hidden && (
                <Badge size="small" appearance="outline">
                  {t('hiddenEntry')}
                </Badge>
              )}
              {n.tenantId !== null && (
                <Badge size="small" appearance="tint" color="informative">
                  {t('tenantOwnEntry', { id: n.tenantId })}
                </Badge>
              )}
            </button>
          </div>
          {n.children.length > 0 && isOpen && (
            <ul role="group" className={s.sub}>
              {renderTree(n.children, depth + 1)}
            </ul>
          )}
        </li>
      );
    });

  if (state.matches('loading')) return <Spinner label={t('loading')} />;
  if (state.matches('failed'))
    return (
      <section className={s.page} aria-label={route.title}>
        <PageHeader route={route} />
        <p className={s.empty}>
          {t('loadFailed')} <Button onClick={() => send({ type: 'RELOAD' })}>{t('retry')}</Button>
        </p>
      </section>
    );

  const isNew = draft !== null && draft.id === undefined;
  const parent = draft ? findEntry(catalogue, draft.parentId) : null;
  const buttons = selected && selected.uriType === 1 ? selected.children.filter((c) => c.uriType === 2) : [];
  const components = INSTALLED_VIEWS;

  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={route}
        actions={
          <Button appearance="primary" onClick={() => send({ type: 'NEW', parentId: null, uriType: 1 })} disabled={busy}>
            {t('addTopMenu')}
          </Button>
        }
      />
      <div className={s.columns}>
        <nav className={s.side} aria-label={t('menuTree')}>
          <div className={s.tools}>
            <Input aria-label={t('searchMenu')} placeholder={t('searchMenu')} value={query} onChange={(_, d) => setQuery(d.value)} />
            <Button size="small" onClick={() => setOpen(new Set(flat(catalogue).map((n) => n.id)))}>
              {t('expandAll')}
            </Button>
            <Button size="small" onClick={() => setOpen(new Set())}>
              {t('collapseAll')}
            </Button>
          </div>
          <p className={s.muted}>{editing ? t('dragNeedsSave') : t('dragHint')}</p>
          <ul role="tree" aria-label={t('menuTree')} className={s.tree} aria-busy={busy}>
            {renderTree(catalogue, 0)}
          </ul>
        </nav>
        <div>
          {!draft ? (
            <p className={s.empty}>{t('chooseMenuEntry')}</p>
          ) : (
            <form
              className={s.form}
              aria-label={isNew ? t('newEntry') : t('entryOf', { name: saved?.name ?? '' })}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                send({ type: 'SAVE' });
              }}
            >
              <h2 className={s.sectionTitle}>
                {isNew
                  ? draft.uriType === 2
                    ? t('newButtonUnder', { name: parent?.name ?? '' })
                    : parent
                      ? t('newPageUnder', { name: parent.name })
                      : t('addTopMenu')
                  : t('entryOf', { name: saved?.name ?? '' })}
              </h2>
              <Field label={t('entryName')} required {...fieldProps('name')}>
                <Input
                  value={draft.name}
                  maxLength={32}
                  onChange={(_, d) => edit({ name: d.value })}
                  onBlur={() => setTouched((x) => new Set(x).add('name'))}
                />
              </Field>
              {draft.uriType === 2 ? (
                <Field label={t('buttonCodeLabel')} required hint={t('buttonCodeHint')} {...fieldProps('code')}>
                  <Input
                    value={draft.code}
                    onChange={(_, d) => edit({ code: d.value.trim() })}
                    onBlur={() => setTouched((x) => new Set(x).add('code'))}
                  />
                </Field>
              ) : (
                <>
                  <Field label={t('path')} required hint={t('pathHint')} {...fieldProps('path')}>
                    <Input
                      value={draft.path}
                      onChange={(_, d) => edit({ path: d.value.trim() })}
                      onBlur={() => setTouched((x) => new Set(x).add('path'))}
                    />
                  </Field>
                  <Field label={t('component')} hint={t('componentHint')} {...fieldProps('component')}>
                    <Combobox
                      freeform
                      value={draft.component}
                      selectedOptions={draft.component ? [draft.component] : []}
                      onOptionSelect={(_, d) => edit({ component: d.optionValue ?? '' })}
                      onChange={(e) => edit({ component: e.target.value.trim() })}
                      placeholder={t('componentPlaceholder')}
                    >
                      {components.map((c) => (
                        <Option key={c} value={c}>
                          {c}
                        </Option>
                      ))}
                    </Combobox>
                  </Field>
                  <div className={s.inline}>
                    <Field label={t('icon')} {...fieldProps('icon')}>
                      <Select value={icon.icon} onChange={(_, d) => setIcon({ icon: d.value })}>
                        <option value="">{t('noIcon')}</option>
                        {MENU_ICON_NAMES.map((name) => (
                          <option key={name} value={name}>
                            {name}
                          </option>
                        ))}
                      </Select>
                    </Field>
                    <Switch checked={icon.hidden} label={t('hiddenEntrySwitch')} onChange={(_, d) => setIcon({ hidden: d.checked })} />
                    <Switch
                      checked={draft.needButtonPermission}
                      label={t('needButtonPermission')}
                      onChange={(_, d) => edit({ needButtonPermission: d.checked })}
                    />
                  </div>
                </>
              )}
              <div className={s.actions}>
                <Button appearance="primary" type="submit" disabled={busy || !editing}>
                  {state.matches({ ready: 'saving' }) ? t('operating') : t('save')}
                </Button>
                {editing && (
                  <Button onClick={() => send({ type: 'CANCEL' })} disabled={busy}>
                    {isNew ? t('cancel') : t('discardEdits')}
                  </Button>
                )}
                {!isNew && !editing && (
                  <>
                    <Button onClick={() => moveBy(-1)} disabled={busy}>
                      {t('moveUp')}
                    </Button>
                    <Button onClick={() => moveBy(1)} disabled={busy}>
                      {t('moveDown')}
                    </Button>
                    {draft.uriType === 1 && draft.path && (
                      <Button onClick={() => send({ type: 'NEW', parentId: draft.id!, uriType: 2 })} disabled={busy}>
                        {t('addButton')}
                      </Button>
                    )}
                    {draft.uriType === 1 && (
                      <Button onClick={() => send({ type: 'NEW', parentId: draft.id!, uriType: 1 })} disabled={busy}>
                        {t('addChildPage')}
                      </Button>
                    )}
                    <Button onClick={() => send({ type: 'DELETE' })} disabled={busy}>
                      {t('delete')}
                    </Button>
                  </>
                )}
              </div>
              {!isNew && draft.uriType === 1 && draft.path && (
                <section className={s.section} aria-label={t('pageButtons')}>
                  <h3 className={s.sectionTitle}>{t('pageButtons')}</h3>
                  {buttons.length === 0 ? (
                    <p className={s.muted}>{t('noButtons')}</p>
                  ) : (
                    <ul className={s.list}>
                      {buttons.map((b) => (
                        <li key={b.id} className={s.listRow}>
                          <Button size="small" appearance="subtle" onClick={() => send({ type: 'SELECT', id: b.id })}>
                            {b.name}
                          </Button>
                          <span className={s.mono}>{b.code}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              )}
              {!isNew && <EntryInterfaces key={draft.id} menuId={draft.id!} calls={calls} />}
            </form>
          )}
        </div>
      </div>

      <Dialog open={state.matches({ ready: 'confirmingDiscard' })} onOpenChange={(_, d) => !d.open && send({ type: 'DISMISS' })}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('prompt')}</DialogTitle>
            <DialogContent>{t('discardChanges')}</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => send({ type: 'CONFIRM' })}>
                {t('confirm')}
              </Button>
              <Button onClick={() => send({ type: 'DISMISS' })}>{t('cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <Dialog open={state.matches({ ready: 'confirmingDelete' })} onOpenChange={(_, d) => !d.open && send({ type: 'DISMISS' })}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('prompt')}</DialogTitle>
            <DialogContent>
              {selected &&
                (countBelow(selected) > 0 || rolesBelow(selected) > 0
                  ? t('confirmDeleteEntryImpact', { name: selected.name, children: countBelow(selected), roles: rolesBelow(selected) })
                  : t('confirmDeleteEntry', { name: selected.name }))}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => send({ type: 'CONFIRM' })}>
                {t('delete')}
              </Button>
              <Button onClick={() => send({ type: 'DISMISS' })}>{t('cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}

/** The interfaces a page or button may call: listed, added from the interface list, removed. Saved at once. */
function EntryInterfaces({ menuId, calls }: { menuId: number; calls: PlatformCalls }) {
  const s = useStyles();
  const t = useT();
  const notify = useNotify();
  const [all, setAll] = useState<InterfaceRow[] | null>(null);
  const [related, setRelated] = useState<number[] | null>(null);
  const [adding, setAdding] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([calls.interfaces({ pageNum: 1, pageSize: 500 }), calls.relationsOfMenu(menuId)]).then(
      ([list, ids]) => {
        if (!live) return;
        setAll(list.rows);
        setRelated(ids);
      },
      () => live && setRelated([]),
    );
    return () => {
      live = false;
    };
  }, [calls, menuId]);

  const set = async (ids: number[]) => {
    setSaving(true);
    try {
      await calls.setMenuRelations(menuId, ids);
      setRelated(ids);
      notify(t('operationDone'), 'success');
    } catch {
      /* shown by the shell */
    } finally {
      setSaving(false);
    }
  };
  if (!related || !all) return <Spinner size="tiny" label={t('loading')} />;
  const byId = new Map(all.map((i) => [i.id, i]));
  const candidates = all.filter((i) => i.access !== 'anonymous' && i.access !== 'shell' && !related.includes(i.id));
  return (
    <section className={s.section} aria-label={t('entryInterfaces')}>
      <h3 className={s.sectionTitle}>{t('entryInterfaces')}</h3>
      <p className={s.muted}>{t('entryInterfacesHint')}</p>
      {related.length === 0 ? (
        <p className={s.muted}>{t('noInterfaces')}</p>
      ) : (
        <ul className={s.list}>
          {related.map((id) => {
            const i = byId.get(id);
            return (
              <li key={id} className={s.listRow}>
                <span className={s.mono}>
                  {i ? `${i.method} ${i.path}` : `#${id}`}
                  {i?.name ? ` · ${i.name}` : ''}
                </span>
                <Button
                  size="small"
                  appearance="subtle"
                  disabled={saving}
                  aria-label={t('removeInterface', { path: i?.path ?? String(id) })}
                  onClick={() => void set(related.filter((x) => x !== id))}
                >
                  {t('remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className={s.inline} style={{ marginTop: tokens.spacingVerticalS }}>
        <Field label={t('addInterface')}>
          <Combobox
            placeholder={t('addInterfacePlaceholder')}
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
            onOptionSelect={(_, d) => {
              setAdding('');
              if (d.optionValue) void set([...related, Number(d.optionValue)]);
            }}
          >
            {candidates
              .filter((i) => !adding || `${i.path} ${i.name}`.toLowerCase().includes(adding.toLowerCase()))
              .slice(0, 50)
              .map((i) => (
                <Option key={i.id} value={String(i.id)} text={`${i.method} ${i.path}`}>
                  {`${i.method} ${i.path}${i.name ? ` · ${i.name}` : ''}`}
                </Option>
              ))}
          </Combobox>
        </Field>
      </div>
    </section>
  );
}
