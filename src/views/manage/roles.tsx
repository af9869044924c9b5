import {
  Button,
  Field,
  Input,
  Select,
  Spinner,
  Tab,
  TabList,
  Tree,
  TreeItem,
  TreeItemLayout,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { roleCalls, type RoleNode, type RoleRow, type RoleUser } from '../../api/role-calls.ts';
import { useApi } from '../../shell/api-context.ts';
import { ConfirmDialog } from '../../shell/list-controls.tsx';
import { PermissionButton } from '../../shell/permission-button.tsx';
import { usePageActions } from '../../shell/page-actions.tsx';
import { useNotify } from '../../shell/toast.tsx';
import { DataTable, type Column } from '../../kit/data-table.tsx';
import { PageHeader } from '../../kit/page-header.tsx';
import { Pagination } from '../../kit/pagination.tsx';
import { useListData, useListState } from '../../kit/use-list.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ViewProps } from '../view-props.ts';
import { PermissionPanel } from './permission-panel.tsx';

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge },
  columns: { display: 'grid', gridTemplateColumns: 'minmax(200px, 260px) minmax(0, 1fr)', gap: tokens.spacingHorizontalXL },
  side: { borderRight: `1px solid ${tokens.colorNeutralStroke2}`, paddingRight: tokens.spacingHorizontalL },
  current: { backgroundColor: tokens.colorNeutralBackground1Selected, fontWeight: tokens.fontWeightSemibold },
  count: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  detail: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  hint: { color: tokens.colorNeutralForeground3, margin: `0 0 ${tokens.spacingVerticalS}` },
  search: { width: '100%', marginBottom: tokens.spacingVerticalS },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalXXL, textAlign: 'center' },
});

const flat = (nodes: RoleNode[]): RoleNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

/** The roles whose name holds `query` (any case), with the roles above them so that each shows where it sits. */
export const matchingRoles = (nodes: RoleNode[], query: string): RoleNode[] => {
  const q = query.trim().toLowerCase();
  if (!q) return nodes;
  return nodes.flatMap((n) => {
    const children = matchingRoles(n.children, q);
    return n.name.toLowerCase().includes(q) || children.length ? [{ ...n, children }] : [];
  });
};

/**
 * 系统管理 › 角色管理: the role tree on the left; on the right the chosen role's name and parent, its
 * permissions (the whole menu with buttons), and its users. The chosen role is in the address (?role=).
 */
export default function RolesView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => roleCalls(api), [api]);
  const notify = useNotify();
  const [list, setList] = useListState(route.path, ['role', 'tab']);
  const [tree, setTree] = useState<RoleNode[] | null>(null);
  const [tick, setTick] = useState(0);
  const [form, setForm] = useState<{ id?: number; name: string; parentId: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => matchingRoles(tree ?? [], query), [tree, query]);

  useEffect(() => {
    calls.tree().then(setTree, () => setTree([]));
  }, [calls, tick]);
  const roles = useMemo(() => flat(tree ?? []), [tree]);
  const role = roles.find((r) => String(r.id) === list.filters.role) ?? null;
  const tab = list.filters.tab === 'users' ? 'users' : 'permissions';

  useEffect(
    () => setForm(role ? { id: role.id, name: role.name, parentId: role.parentId === null ? '' : String(role.parentId) } : null),
    [role?.id, role?.name, role?.parentId],
  );

  const openAdd = useCallback(() => setForm({ name: '', parentId: role ? String(role.id) : '' }), [role]);
  usePageActions([{ code: 'role:save', label: t('addRole'), run: openAdd }]);

  const saveRole = async () => {
    if (!form) return;
    try {
      const { id } = await calls.save({ id: form.id, name: form.name.trim(), parentId: form.parentId ? Number(form.parentId) : null });
      notify(t('operationDone'), 'success');
      setTick((x) => x + 1);
      setList({ filters: { role: String(id), tab } });
    } catch {
      /* shown by the shell */
    }
  };
  const removeRole = async () => {
    setDeleting(false);
    if (!role) return;
    try {
      await calls.remove(role.id);
      notify(t('operationDone'), 'success');
      setTick((x) => x + 1);
      setList({ filters: { role: '', tab: '' } });
    } catch {
      /* shown by the shell (e.g. 该角色下还有 N 个用户) */
    }
  };

  const renderRoles = (nodes: RoleNode[]) =>
    nodes.map((n) => (
      <TreeItem key={n.id} value={n.id} itemType={n.children.length ? 'branch' : 'leaf'}>
        <TreeItemLayout
          className={mergeClasses(role?.id === n.id && s.current)}
          aria-current={role?.id === n.id ? 'true' : undefined}
          onClick={() => setList({ filters: { role: String(n.id), tab } })}
          aside={<span className={s.count}>{t('userCount', { count: n.userCount })}</span>}
        >
          {n.name}
        </TreeItemLayout>
        {n.children.length > 0 && <Tree>{renderRoles(n.children)}</Tree>}
      </TreeItem>
    ));

  return (
    <section className={s.page} aria-label={route.title}>
      <PageHeader
        route={route}
        actions={
          <PermissionButton code="role:save" route={route} size="medium" onClick={openAdd}>
            {t('addRole')}
          </PermissionButton>
        }
      />
      <div className={s.columns}>
        <nav className={s.side} aria-label={t('roleTree')}>
          <Input
            className={s.search}
            type="search"
            aria-label={t('searchRoles')}
            placeholder={t('searchRoles')}
            value={query}
            onChange={(_, d) => setQuery(d.value)}
          />
          {tree === null ? (
            <Spinner label={t('loading')} />
          ) : shown.length ? (
            // Opened anew for each search, so that every match shows; the user may fold branches between searches.
            <Tree key={query} aria-label={t('roleTree')} defaultOpenItems={flat(shown).map((r) => r.id)}>
              {renderRoles(shown)}
            </Tree>
          ) : (
            <p className={s.hint}>{t('noMatchingRole')}</p>
          )}
        </nav>
        <div>
          {form && (
            <form
              className={s.detail}
              onSubmit={(e) => {
                e.preventDefault();
                void saveRole();
              }}
            >
              <Field label={t('roleTitle')} required>
                <Input value={form.name} maxLength={32} onChange={(_, d) => setForm({ ...form, name: d.value })} />
              </Field>
              <Field label={t('parentRole')}>
                <Select value={form.parentId} onChange={(_, d) => setForm({ ...form, parentId: d.value })}>
                  <option value="">{t('noParentRole')}</option>
                  {roles
                    .filter((r) => r.id !== form.id)
                    .map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.name}
                      </option>
                    ))}
                </Select>
              </Field>
              <PermissionButton code="role:save" route={route} onClick={() => void saveRole()}>
                {t('save')}
              </PermissionButton>
              {form.id && (
                <PermissionButton code="role:delete" route={route} onClick={() => setDeleting(true)}>
                  {t('delete')}
                </PermissionButton>
              )}
              {!form.id && (
                <Button
                  size="small"
                  onClick={() =>
                    setForm(role ? { id: role.id, name: role.name, parentId: role.parentId === null ? '' : String(role.parentId) } : null)
                  }
                >
                  {t('cancel')}
                </Button>
              )}
            </form>
          )}
          {!role ? (
            !form && <p className={s.empty}>{t('chooseRole')}</p>
          ) : (
            <>
              {role.editable === false && <p className={s.hint}>{t('notEditableRole')}</p>}
              <TabList
                selectedValue={tab}
                onTabSelect={(_, d) => setList({ filters: { role: String(role.id), tab: d.value === 'users' ? 'users' : '' } })}
              >
                <Tab value="permissions">{t('permissions')}</Tab>
                <Tab value="users">{t('roleUsers')}</Tab>
              </TabList>
              {tab === 'permissions' ? (
                <PermissionPanel key={`${role.id}:${tick}`} route={route} role={role} roles={roles as RoleRow[]} />
              ) : (
                <RoleUsers roleId={role.id} />
              )}
            </>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={deleting}
        message={t('confirmDeleteRole')}
        onConfirm={() => void removeRole()}
        onCancel={() => setDeleting(false)}
      />
    </section>
  );
}

function RoleUsers({ roleId }: { roleId: number }) {
  const t = useT();
  const api = useApi();
  const calls = useMemo(() => roleCalls(api), [api]);
  const [page, setPage] = useState({ page: 1, size: 10 });
  const data = useListData(() => calls.users(roleId, page.page, page.size), [calls, roleId, page.page, page.size]);
  const columns: Column<RoleUser>[] = [
    { key: 'userName', title: t('account'), width: 160, render: (u) => u.userName, ellipsis: (u) => u.userName },
    { key: 'nickname', title: t('nickname'), width: 180, render: (u) => u.nickname, ellipsis: (u) => u.nickname },
    {
      key: 'userType',
      title: t('userType'),
      width: 140,
      render: (u) => ([0, 1, 2].includes(u.userType) ? t(`userType${u.userType as 0 | 1 | 2}`) : u.userType),
    },
    { key: 'status', title: t('status'), width: 100, render: (u) => (u.status === 1 ? t('enabled') : t('disabled')) },
  ];
  return (
    <>
      <DataTable label={t('roleUsers')} columns={columns} data={data} rowKey={(u) => u.id} />
      <Pagination
        count={data.count}
        page={page.page}
        size={page.size}
        onChange={(c) => setPage((p) => ({ page: c.page ?? 1, size: c.size ?? p.size }))}
      />
    </>
  );
}
