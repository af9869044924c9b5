import { Input, Spinner, Tab, TabList, Tree, TreeItem, TreeItemLayout, mergeClasses } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { roleApi, type RoleNode, type RoleRow } from '@/api/table/roles.ts';
import { useApi } from '@/shell/session/api-context.ts';
import { useNotify } from '@/shell/toast.tsx';
import { useConfirm } from '@/kit/page/confirm.tsx';
import { ResourcePage } from '@/kit/page/resource-page.tsx';
import { useListState } from '@/kit/list/use-list.ts';
import { useLanguage, useT } from '@/i18n/use-t.ts';
import { localName } from '@/api/contract/language.ts';
import type { ViewProps } from '../view-props.ts';
import { PermissionPanel } from './permission-panel.tsx';
import { RoleForm } from './role-form.tsx';
import { RoleUsers } from './role-users.tsx';
import { useStyles } from './styles.ts';

const flat = (nodes: RoleNode[]): RoleNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

/** The roles whose name holds `query` (any case), with the roles above them so that each shows where it sits. */
export const matchingRoles = (nodes: RoleNode[], query: string): RoleNode[] => {
  const q = query.trim().toLowerCase();
  if (!q) return nodes;
  return nodes.flatMap((n) => {
    const children = matchingRoles(n.children, q);
    const names = [n.name, n.nameEn ?? ''].map((x) => x.toLowerCase());
    return names.some((x) => x.includes(q)) || children.length ? [{ ...n, children }] : [];
  });
};

/**
 * 系统管理 › 角色管理: the role tree on the left; on the right the chosen role's name and parent, its
 * permissions (the whole menu with buttons), and its users. The chosen role is in the address (?role=).
 */
export default function RolesView({ route }: ViewProps) {
  const s = useStyles();
  const t = useT();
  const english = useLanguage()[0] === 'en';
  const api = useApi();
  const notify = useNotify();
  const [list, setList] = useListState(route.path, ['role', 'tab']);
  const [tree, setTree] = useState<RoleNode[] | null>(null);
  const [tick, setTick] = useState(0);
  const [adding, setAdding] = useState(false);
  const [query, setQuery] = useState('');
  const [ask, confirmDialog] = useConfirm();
  const shown = useMemo(() => matchingRoles(tree ?? [], query), [tree, query]);

  useEffect(() => {
    api.send(roleApi.tree, {}).then(
      ({ values }) => setTree(values),
      () => setTree([]),
    );
  }, [api, tick]);
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
      run: () => api.send(roleApi.remove, { id: r.id }),
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
          {localName(n, english)}
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
                <PermissionPanel key={`${role.id}:${tick}`} role={role} roles={roles as RoleRow[]} />
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
