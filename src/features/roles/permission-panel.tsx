import { Select, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { roleApi, type RoleRow } from '@/api/table/roles.ts';
import { changes, initialChecked, toSave, type PermissionTreeNode } from '@/menu/permission-tree.ts';
import { useApi } from '@/shell/session/api-context.ts';
import { ConfirmDialog } from '@/kit/page/confirm.tsx';
import { PermissionButton } from '@/shell/session/permission-button.tsx';
import { useNotify } from '@/shell/toast.tsx';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import { localName } from '@/api/contract/language.ts';
import { ChangesDialog, MenuCheckTree } from '../permissions/index.ts';

const useStyles = makeStyles({
  footer: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', marginTop: tokens.spacingVerticalM },
  pending: { color: tokens.colorNeutralForeground3 },
});

export interface PermissionPanelProps {
  role: RoleRow & { editable?: boolean };
  roles: readonly RoleRow[];
}

/**
 * A role's permissions: the whole menu with each page's buttons as leaves, tri-state sections, search,
 * expand/collapse all, copy from another role, and a save that first says what will change. What the signed-in
 * user does not hold is shown but cannot be changed (the server refuses it too).
 */
export function PermissionPanel({ role, roles }: PermissionPanelProps) {
  const s = useStyles();
  const t = useT();
  const english = useLanguage()[0] === 'en';
  const api = useApi();
  const notify = useNotify();
  const [nodes, setNodes] = useState<PermissionTreeNode[] | null>(null);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [copyFrom, setCopyFrom] = useState('');
  const [confirm, setConfirm] = useState<'save' | 'copy' | null>(null);
  const [saving, setSaving] = useState(false);
  const [reloadTick, setReloadTick] = useState(0);

  useEffect(() => {
    let live = true;
    setNodes(null);
    api.send(roleApi.permissionTree, { roleId: role.id }).then(
      ({ values: tree }) => {
        if (!live) return;
        setNodes(tree);
        setChecked(initialChecked(tree));
      },
      () => live && setNodes([]),
    );
    return () => {
      live = false;
    };
  }, [api, role.id, reloadTick]);

  const before = useMemo(() => (nodes ? toSave(nodes, initialChecked(nodes)) : []), [nodes]);
  const after = useMemo(() => (nodes ? toSave(nodes, checked) : []), [nodes, checked]);
  const diff = useMemo(() => (nodes ? changes(nodes, before, after) : { added: [], removed: [] }), [nodes, before, after]);
  const editable = role.editable !== false;

  // Saving and copying both change the role's grants, then say how many and read the tree again.
  const apply = async (change: () => Promise<{ added: readonly unknown[]; removed: readonly unknown[] }>) => {
    setConfirm(null);
    setSaving(true);
    try {
      const result = await change();
      notify(t('permissionsSaved', { added: result.added.length, removed: result.removed.length }), 'success');
      setCopyFrom('');
      setReloadTick((x) => x + 1);
    } catch {
      /* shown by the shell */
    } finally {
      setSaving(false);
    }
  };

  if (!nodes) return <Spinner label={t('loading')} />;
  const source = roles.find((r) => String(r.id) === copyFrom);
  return (
    <div>
      <MenuCheckTree
        label={t('permissions')}
        nodes={nodes}
        checked={checked}
        onChange={setChecked}
        lockedReason={t('notGrantable')}
        disabled={!editable}
        tools={
          editable && (
            <>
              <Select aria-label={t('copyFrom')} value={copyFrom} onChange={(_, d) => setCopyFrom(d.value)}>
                <option value="">{t('copyFrom')}</option>
                {roles
                  .filter((r) => r.id !== role.id)
                  .map((r) => (
                    <option key={r.id} value={r.id}>
                      {localName(r, english)}
                    </option>
                  ))}
              </Select>
              <PermissionButton code="role:copy" appearance="secondary" onClick={() => copyFrom && setConfirm('copy')}>
                {t('copyPermissions')}
              </PermissionButton>
            </>
          )
        }
      />
      {editable && (
        <div className={s.footer}>
          <PermissionButton
            code="role:save"
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
      <ChangesDialog
        open={confirm === 'save'}
        summary={t('confirmSavePermissions', { added: diff.added.length, removed: diff.removed.length })}
        diff={diff}
        saving={saving}
        onConfirm={() => void apply(async () => (await api.send(roleApi.savePermissions, { roleId: role.id, menuIds: after })).values)}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'copy'}
        message={t('confirmCopy', { from: source ? localName(source, english) : '', to: localName(role, english) })}
        onConfirm={() => void apply(async () => (await api.send(roleApi.copy, { fromRoleId: Number(copyFrom), toRoleId: role.id })).values)}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}
