import { Button, Input, Spinner } from '@fluentui/react-components';
import { useAppActor } from '@/journal/actor-hooks.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { findEntry, type CatalogueEntry } from '@machines/menu-editor.machine.ts';
import { menuApi } from '@/api/table/platform.ts';
import { useBound } from '@/shell/session/api-context.ts';
import { usePageActions } from '@/shell/navigation/page-actions.tsx';
import { useNotify } from '@/shell/toast.tsx';
import { ConfirmDialog } from '@/kit/page/confirm.tsx';
import { PageHeader } from '@/kit/page/page-header.tsx';
import { useT } from '@/i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { CHANGES, RELOADING, countBelow, createMenuEditorLogic, flat, rolesBelow } from './editor-logic.ts';
import { EntryForm } from './entry-form.tsx';
import { MenuTree } from './menu-tree.tsx';
import { useStyles } from './styles.ts';

/**
 * 系统管理 › 菜单列表 (the platform operator's): the whole menu as a tree, dragged to reorder and re-parent; one entry's
 * form (name, path, icon, component from the installed page modules or typed, button permission); a page's buttons
 * and the interfaces it may call. Changes reach signed-in users at once (their menus rebuild in place).
 */
export default function MenuListView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const calls = useBound(menuApi);
  const notify = useNotify();
  const logic = useMemo(() => createMenuEditorLogic(calls), [calls]);
  const [state, send] = useAppActor(logic);
  const { catalogue, selectedId } = state.context;
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [query, setQuery] = useState('');

  useEffect(() => setOpen((o) => (o.size ? o : new Set(catalogue.map((n) => n.id)))), [catalogue]);
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
            <MenuTree
              catalogue={catalogue}
              selectedId={selectedId}
              query={query}
              open={open}
              setOpen={setOpen}
              locked={editing || busy}
              send={send}
            />
          </ul>
        </nav>
        <div>
          <EntryForm state={state} send={send} calls={calls} selected={selected} editing={editing} busy={busy} />
        </div>
      </div>

      <ConfirmDialog
        open={state.matches({ ready: 'confirmingDiscard' })}
        message={t('discardChanges')}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'DISMISS' })}
      />
      <ConfirmDialog
        open={state.matches({ ready: 'confirmingDelete' })}
        message={
          selected
            ? countBelow(selected) > 0 || rolesBelow(selected) > 0
              ? t('confirmDeleteEntryImpact', { name: selected.name, children: countBelow(selected), roles: rolesBelow(selected) })
              : t('confirmDeleteEntry', { name: selected.name })
            : ''
        }
        confirmLabel={t('delete')}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'DISMISS' })}
      />
    </section>
  );
}
