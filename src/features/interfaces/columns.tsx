import { Badge } from '@fluentui/react-components';
import type { InterfaceRow } from '@/api/table/platform.ts';
import type { Column } from '@/kit/table/data-table.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';
import { useT } from '@/i18n/use-t.ts';
import { useStyles } from './styles.ts';
import { Mono } from '@/kit/table/mono.tsx';

export interface InterfaceColumnsOptions {
  /** menu entries by id, as their path of names (系统管理 / 用户管理) */
  names: ReadonlyMap<number, string>;
  relate: (row: InterfaceRow) => void;
  edit: (row: InterfaceRow) => void;
  remove: (row: InterfaceRow) => void;
}

/** The interfaces: method, path, name, source, who may call, related entries, actions. */
export function useInterfaceColumns({ names, relate, edit, remove }: InterfaceColumnsOptions): Column<InterfaceRow>[] {
  const s = useStyles();
  const t = useT();
  const relatedNames = (r: InterfaceRow) => r.menuIds.map((id) => names.get(id) ?? `#${id}`).join('、');

  const accessBadge = (r: InterfaceRow) => {
    const label = t(`access_${r.access}` as const);
    const color =
      r.access === 'anonymous' ? 'warning' : r.access === 'shell' ? 'informative' : r.access === 'platform' ? 'important' : 'brand';
    return (
      <Badge appearance="tint" color={color}>
        {label}
      </Badge>
    );
  };
  return [
    { key: 'method', title: t('method'), width: 70, render: (r) => <Mono>{r.method}</Mono> },
    {
      key: 'path',
      title: t('interfacePath'),
      width: 280,
      render: (r) => <Mono>{r.path}</Mono>,
      ellipsis: (r) => r.path,
    },
    {
      key: 'name',
      title: t('interfaceName'),
      width: 140,
      render: (r) => r.name || (r.label ? <span className={s.muted}>{r.label}</span> : '--'),
      ellipsis: (r) => r.name || r.label || '',
    },
    { key: 'source', title: t('source'), width: 90, render: (r) => (r.source === 'server' ? t('sourceServer') : t('sourceExternal')) },
    { key: 'access', title: t('whoMayCall'), width: 110, render: accessBadge },
    {
      key: 'relations',
      title: t('relatedEntries'),
      width: 180,
      render: (r) => (r.access === 'anonymous' || r.access === 'shell' ? '--' : r.menuIds.length ? relatedNames(r) : t('noRelations')),
      ellipsis: (r) => (r.access === 'anonymous' || r.access === 'shell' ? '' : relatedNames(r)),
    },
    actionsColumn({
      name: (r) => r.path,
      actions: (r) => [
        {
          code: 'interface:relate',
          label: t('relatePages'),
          hidden: r.access === 'anonymous' || r.access === 'shell',
          run: () => relate(r),
        },
        { code: 'interface:edit', label: t('edit'), run: () => edit(r) },
        { code: 'interface:del', label: t('delete'), hidden: r.source !== 'external', run: () => remove(r) },
      ],
    }),
  ];
}
