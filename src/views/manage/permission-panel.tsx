import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Input,
  Select,
  Spinner,
  Tree,
  TreeItem,
  TreeItemLayout,
  makeStyles,
  tokens,
  type TreeItemValue,
} from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { roleCalls, type RoleRow } from '../../api/role-calls.ts';
import {
  changes,
  checkState,
  filterTree,
  flatten,
  initialChecked,
  kindOf,
  toSave,
  toggle,
  type PermissionTreeNode,
} from '../../menu/permission-tree.ts';
import type { AppRoute } from '../../menu/menu-model.ts';
import { useApi } from '../../shell/api-context.ts';
import { ConfirmDialog } from '../../shell/list-controls.tsx';
import { PermissionButton } from '../../shell/permission-button.tsx';
import { useNotify } from '../../shell/toast.tsx';
import { useT } from '../../i18n/use-t.ts';

const useStyles = makeStyles({
  tools: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center', marginBottom: tokens.spacingVerticalM },
  tree: {
    maxHeight: '52vh',
    overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  code: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, marginLeft: tokens.spacingHorizontalS },
  footer: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', marginTop: tokens.spacingVerticalM },
  pending: { color: tokens.colorNeutralForeground3 },
  list: { margin: `${tokens.spacingVerticalS} 0 0`, paddingLeft: tokens.spacingHorizontalXL, maxHeight: '40vh', overflowY: 'auto' },
});

export interface PermissionPanelProps {
  route: Pick<AppRoute, 'needButtonPermission' | 'buttons'>;
  role: RoleRow & { editable?: boolean };
  roles: readonly RoleRow[];
}

/**
 * A role's permissions: the whole menu with each page's buttons as leaves, tri-state sections, search,
 * expand/collapse all, copy from another role, and a save that first says what will change. What the signed-in
 * user does not hold is shown but cannot be changed (the server refuses it too).
 */
export function PermissionPanel({ route, role, roles }: PermissionPanelProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => roleCalls(api), [api]);
  const notify = useNotify();
  const [nodes, setNodes] = useState<PermissionTreeNode[] | null>(null);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<Set<TreeItemValue>>(new Set());
  const [query, setQuery] = useState('');
  const [copyFrom, setCopyFrom] = useState('');
  const [confirm, setConfirm] = useState<'save' | 'copy' | null>(null);
  const [saving, setSaving] = useState(false);
  const [reloadTick, setReloadTick] = useState(0);

  useEffect(() => {
    let live = true;
    setNodes(null);
    calls.permissionTree(role.id).then(
      (tree) => {
        if (!live) return;
        setNodes(tree);
        setChecked(initialChecked(tree));
        setOpen(new Set(tree.map((n) => n.id)));
      },
      () => live && setNodes([]),
    );
    return () => {
      live = false;
    };
  }, [calls, role.id, reloadTick]);

  const before = useMemo(() => (nodes ? toSave(nodes, initialChecked(nodes)) : []), [nodes]);
  const after = useMemo(() => (nodes ? toSave(nodes, checked) : []), [nodes, checked]);
  const diff = useMemo(() => (nodes ? changes(nodes, before, after) : { added: [], removed: [] }), [nodes, before, after]);
  const shown = useMemo(() => (nodes ? filterTree(nodes, query) : []), [nodes, query]);
  const byId = useMemo(() => new Map(flatten(nodes ?? []).map((n) => [n.id, n])), [nodes]);
  const searching = query.trim() !== '';
  const editable = role.editable !== false;

  const checkedItems = useMemo(
    () => flatten(shown).map((n): [TreeItemValue, boolean | 'mixed'] => [n.id, checkState(byId.get(n.id) ?? n, checked)]),
    [shown, byId, checked],
  );

  const save = async () => {
    setConfirm(null);
    setSaving(true);
    try {
      const result = await calls.savePermissions(role.id, after);
      notify(t('permissionsSaved', { added: result.added.length, removed: result.removed.length }), 'success');
      setReloadTick((x) => x + 1);
    } catch {
      /* shown by the shell */
    } finally {
      setSaving(false);
    }
  };
  const copy = async () => {
    setConfirm(null);
    setSaving(true);
    try {
      const result = await calls.copy(Number(copyFrom), role.id);
      notify(t('permissionsSaved', { added: result.added.length, removed: result.removed.length }), 'success');
      setCopyFrom('');
      setReloadTick((x) => x + 1);
    } catch {
      /* shown by the shell */
    } finally {
      setSaving(false);
    }
  };

  const renderNodes = (list: PermissionTreeNode[]) =>
    list.map((n) => (
      <TreeItem key={n.id} value={n.id} itemType={n.children.length ? 'branch' : 'leaf'}>
        <TreeItemLayout
          selector={{ disabled: !editable || (kindOf(n) !== 'section' && !n.grantable) }}
          title={!n.grantable ? t('notGrantable') : undefined}
        >
          {n.name}
          {n.code && <span className={s.code}>{n.code}</span>}
        </TreeItemLayout>
        {n.children.length > 0 && <Tree>{renderNodes(n.children)}</Tree>}
      </TreeItem>
    ));

  if (!nodes) return <Spinner label={t('loading')} />;
  const source = roles.find((r) => String(r.id) === copyFrom);
  return (
    <div>
      <div className={s.tools}>
        <Input
          aria-label={t('searchPermissions')}
          placeholder={t('searchPermissions')}
          value={query}
          onChange={(_, d) => setQuery(d.value)}
        />
        <Button
          size="small"
          onClick={() =>
            setOpen(
              new Set(
                flatten(nodes)
                  .filter((n) => n.children.length)
                  .map((n) => n.id),
              ),
            )
          }
        >
          {t('expandAll')}
        </Button>
        <Button size="small" onClick={() => setOpen(new Set())}>
          {t('collapseAll')}
        </Button>
        {editable && (
          <>
            <Select aria-label={t('copyFrom')} value={copyFrom} onChange={(_, d) => setCopyFrom(d.value)}>
              <option value="">{t('copyFrom')}</option>
              {roles
                .filter((r) => r.id !== role.id)
                .map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
            </Select>
            <PermissionButton code="role:copy" route={route} appearance="secondary" onClick={() => copyFrom && setConfirm('copy')}>
              {t('copyPermissions')}
            </PermissionButton>
          </>
        )}
      </div>
      <div className={s.tree}>
        <Tree
          aria-label={t('permissions')}
          selectionMode="multiselect"
          checkedItems={checkedItems}
          onCheckedChange={(_, data) => {
            const n = byId.get(Number(data.value));
            if (n && editable) setChecked((c) => toggle(nodes, c, n, data.checked === true));
          }}
          // While searching every match is shown open.
          openItems={searching ? flatten(shown).map((n) => n.id) : open}
          onOpenChange={(_, data) => !searching && setOpen(new Set(data.openItems))}
        >
          {renderNodes(shown)}
        </Tree>
      </div>
      {editable && (
        <div className={s.footer}>
          <PermissionButton
            code="role:save"
            route={route}
            onClick={() => (diff.added.length || diff.removed.length ? setConfirm('save') : notify(t('noChanges'), 'info'))}
          >
            {saving ? t('operating') : t('savePermissions')}
          </PermissionButton>
          <span className={s.pending} aria-live="polite">
            {diff.added.length || diff.removed.length
              ? t('confirmSavePermissions', { added: diff.added.length, removed: diff.removed.length })
              : ''}
          </span>
        </div>
      )}
      <Dialog open={confirm === 'save'} onOpenChange={(_, d) => !d.open && setConfirm(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('prompt')}</DialogTitle>
            <DialogContent>
              {t('confirmSavePermissions', { added: diff.added.length, removed: diff.removed.length })}
              <ul className={s.list}>
                {diff.added.map((name, i) => (
                  <li key={`a${i}`}>{t('labelValue', { label: t('added'), value: name })}</li>
                ))}
                {diff.removed.map((name, i) => (
                  <li key={`r${i}`}>{t('labelValue', { label: t('removed'), value: name })}</li>
                ))}
              </ul>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" disabled={saving} onClick={() => void save()}>
                {t('confirm')}
              </Button>
              <Button onClick={() => setConfirm(null)}>{t('cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <ConfirmDialog
        open={confirm === 'copy'}
        message={t('confirmCopy', { from: source?.name ?? '', to: role.name })}
        onConfirm={() => void copy()}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}
