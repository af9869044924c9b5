import {
  Button,
  Input,
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
import { useEffect, useMemo, useState } from 'react';
import { roleCalls, type RoleNode, type RoleRow, type RoleUser } from '../../../api/calls/role-calls.ts';
import { useApi } from '../../../shell/session/api-context.ts';
import { fieldProblems } from '../../../api/schema/kit.ts';
import { roleSave } from '../../../api/schema/role.ts';
import { PermissionButton } from '../../../shell/session/permission-button.tsx';
import { useNotify } from '../../../shell/toast.tsx';
import { useConfirm } from '../../../kit/page/confirm.tsx';
import { DataTable, type Column } from '../../../kit/list/data-table.tsx';
import { SelectField, TextField } from '../../../kit/form/form-fields.tsx';
import { ResourcePage } from '../../../kit/page/resource-page.tsx';
import { useForm } from '../../../kit/form/use-form.ts';
import { Pagination } from '../../../kit/list/pagination.tsx';
import { useListData, useListState } from '../../../kit/list/use-list.ts';
import { useT } from '../../../i18n/use-t.ts';
import type { ViewProps } from '../../view-props.ts';
import { PermissionPanel } from './permission-panel.tsx';

const useStyles = makeStyles({
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

interface RoleValues extends Record<string, unknown> {
  name: string;
  parentId: string;
}

/** A role's name and parent, added or changed in place above its permissions; checked by the call's own schema. */
function RoleForm({
  route,
  role,
  parent,
  roles,
  onSaved,
  onDelete,
  onCancel,
}: {
  route: ViewProps['route'];
  /** null: a new role (under `parent`) */
  role: RoleNode | null;
  parent: RoleNode | null;
  roles: RoleNode[];
  onSaved: (id: number) => void;
  onDelete: () => void;
  onCancel: () => void;
}) {
  const s = useStyles();
  const t = useT();
  const calls = roleCalls(useApi());
  const bodyOf = (v: RoleValues) => ({ ...(role ? { id: role.id } : {}), name: v.name, parentId: v.parentId ? Number(v.parentId) : null });
  const form = useForm<RoleValues>(
    { name: role?.name ?? '', parentId: role ? (role.parentId === null ? '' : String(role.parentId)) : parent ? String(parent.id) : '' },
    (v) => fieldProblems(roleSave, bodyOf(v)),
  );
  const save = () => void form.submit((v) => calls.save({ ...bodyOf(v), name: v.name.trim() }).then(({ id }) => onSaved(id)));
  return (
    <form
      className={s.detail}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <TextField form={form} name="name" label={t('roleTitle')} required />
      <SelectField
        form={form}
        name="parentId"
        label={t('parentRole')}
        options={[
          { value: '', label: t('noParentRole') },
          ...roles.filter((r) => r.id !== role?.id).map((r) => ({ value: String(r.id), label: r.name })),
        ]}
      />
      <PermissionButton code="role:save" route={route} onClick={save}>
        {t('save')}
      </PermissionButton>
      {role ? (
        <PermissionButton code="role:delete" route={route} onClick={onDelete}>
          {t('delete')}
        </PermissionButton>
      ) : (
        <Button size="small" onClick={onCancel}>
          {t('cancel')}
        </Button>
      )}
    </form>
  );
}

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
  const [adding, setAdding] = useState(false);
  const [query, setQuery] = useState('');
  const [ask, confirmDialog] = useConfirm();
  const shown = useMemo(() => matchingRoles(tree ?? [], query), [tree, query]);

  useEffect(() => {
    calls.tree().then(setTree, () => setTree([]));
  }, [calls, tick]);
  const roles = useMemo(() => flat(tree ?? []), [tree]);
  const role = roles.find((r) => String(r.id) === list.filters.role) ?? null;
  const tab = list.filters.tab === 'users' ? 'users' : 'permissions';
  useEffect(() => setAdding(false), [role?.id]);

  const openAdd = () => setAdding(true);
  const saved = (id: number) => {
    notify(t('operationDone'), 'success');
    setAdding(false);
    setTick((x) => x + 1);
    setList({ filters: { role: String(id), tab } });
  };
  const askRemove = (r: RoleNode) =>
    ask({
      message: t('confirmDeleteRole'),
      run: () => calls.remove(r.id),
      then: () => {
        setTick((x) => x + 1);
        setList({ filters: { role: '', tab: '' } });
      },
    });

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
    <ResourcePage route={route} buttons={[{ code: 'role:save', label: t('addRole'), run: openAdd }]}>
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
          {(adding || role) && (
            <RoleForm
              key={adding ? `new:${role?.id ?? ''}` : `${role!.id}:${role!.name}:${role!.parentId}`}
              route={route}
              role={adding ? null : role}
              parent={role}
              roles={roles}
              onSaved={saved}
              onDelete={() => role && askRemove(role)}
              onCancel={() => setAdding(false)}
            />
          )}
          {!role ? (
            !adding && <p className={s.empty}>{t('chooseRole')}</p>
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
      {confirmDialog}
    </ResourcePage>
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
