import { Button, Input, Tree, TreeItem, TreeItemLayout, makeStyles, tokens, type TreeItemValue } from '@fluentui/react-components';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { checkState, filterTree, flatten, kindOf, toggle, type PermissionTreeNode } from '@/menu/permission-tree.ts';
import { useT } from '@/i18n/use-t.ts';

const useStyles = makeStyles({
  tools: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center', marginBottom: tokens.spacingVerticalM },
  tree: {
    maxHeight: '56vh',
    overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  code: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, marginLeft: tokens.spacingHorizontalS },
});

export interface MenuCheckTreeProps {
  /** the tree's accessible name */
  label: string;
  nodes: readonly PermissionTreeNode[];
  checked: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  /** why a node that is not grantable cannot change (its tooltip) */
  lockedReason?: string;
  disabled?: boolean;
  /** more controls for the toolbar, after search and expand/collapse (the roles page's copy-from) */
  tools?: ReactNode;
}

/**
 * Menu entries with checkboxes (tri-state sections, a page's buttons as leaves, a button bringing its page), with
 * search and expand/collapse: a role's permissions, a tenant's pages and an interface's pages use it. The rules are
 * permission-tree.ts's.
 */
export function MenuCheckTree({ label, nodes, checked, onChange, lockedReason, disabled = false, tools }: MenuCheckTreeProps) {
  const s = useStyles();
  const t = useT();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<Set<TreeItemValue>>(() => new Set(nodes.map((n) => n.id)));
  useEffect(() => setOpen(new Set(nodes.map((n) => n.id))), [nodes]);
  const shown = useMemo(() => filterTree(nodes, query), [nodes, query]);
  const byId = useMemo(() => new Map(flatten(nodes).map((n) => [n.id, n])), [nodes]);
  const searching = query.trim() !== '';
  const checkedItems = useMemo(
    () => flatten(shown).map((n): [TreeItemValue, boolean | 'mixed'] => [n.id, checkState(byId.get(n.id) ?? n, checked)]),
    [shown, byId, checked],
  );
  const render = (list: PermissionTreeNode[]) =>
    list.map((n) => (
      <TreeItem key={n.id} value={n.id} itemType={n.children.length ? 'branch' : 'leaf'}>
        <TreeItemLayout
          selector={{ disabled: disabled || (kindOf(n) !== 'section' && !n.grantable) }}
          title={!n.grantable ? lockedReason : undefined}
        >
          {n.name}
          {n.code && <span className={s.code}>{n.code}</span>}
        </TreeItemLayout>
        {n.children.length > 0 && <Tree>{render(n.children)}</Tree>}
      </TreeItem>
    ));
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
        {tools}
      </div>
      <div className={s.tree}>
        <Tree
          aria-label={label}
          selectionMode="multiselect"
          checkedItems={checkedItems}
          onCheckedChange={(_, data) => {
            const n = byId.get(Number(data.value));
            if (n && !disabled) onChange(toggle(nodes, checked, n, data.checked === true));
          }}
          openItems={searching ? flatten(shown).map((n) => n.id) : open}
          onOpenChange={(_, data) => !searching && setOpen(new Set(data.openItems))}
        >
          {render(shown)}
        </Tree>
      </div>
    </div>
  );
}
