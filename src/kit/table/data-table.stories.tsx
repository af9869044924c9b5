import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import { DataTable, type Column } from './data-table.tsx';
import { nextSort, type SortOrder } from '../list/list-query.ts';

interface Row {
  id: number;
  account: string;
  name: string;
  departs: string;
}

const columns: Column<Row>[] = [
  { key: 'account', title: '账号', width: 140, sortable: true, render: (r) => r.account, ellipsis: (r) => r.account },
  { key: 'name', title: '昵称', width: 160, sortable: true, render: (r) => r.name, ellipsis: (r) => r.name },
  { key: 'departs', title: '部门权限', width: 220, render: (r) => r.departs, ellipsis: (r) => r.departs },
  { key: 'actions', title: '操作', width: 120, render: () => <Button size="small">编辑</Button> },
];
const many: Row[] = Array.from({ length: 50 }, (_, i) => ({
  id: i + 1,
  account: `user${String(i + 1).padStart(3, '0')}`,
  name: i % 7 === 0 ? '华东大区门店运营与会员增长负责人（超长的中文名称示例）' : `同事 ${i + 1}`,
  departs: i % 3 === 0 ? '总部、华东大区、华南大区、西南大区、华北大区' : '华东大区',
}));

/** The table with sort and selection wired the way pages wire them. */
function Live({ rows, loading, empty, failed }: { rows: Row[] | null; loading?: boolean; empty?: { reason?: string }; failed?: boolean }) {
  const [sort, setSort] = useState<{ sortField: string | null; sortOrder: SortOrder | null }>({ sortField: null, sortOrder: null });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  return (
    <div style={{ maxWidth: 560 }}>
      <DataTable
        label="用户管理"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={loading}
        sortField={sort.sortField}
        sortOrder={sort.sortOrder}
        onSort={(f) => setSort(nextSort(sort, f))}
        selected={selected}
        onSelect={setSelected}
        empty={empty}
        failed={failed ? { onRetry: () => {} } : undefined}
      />
    </div>
  );
}

const meta: Meta<typeof Live> = { title: 'kit/DataTable', component: Live };
export default meta;
type Story = StoryObj<typeof Live>;

/** Many rows in a narrow card: the table scrolls sideways inside it; long Chinese text ends in an ellipsis. */
export const ManyRows: Story = { args: { rows: many } };
/** Before the first answer: skeleton rows. */
export const Loading: Story = { args: { rows: null } };
/** A newer page is loading: the rows stay, dimmed and marked busy. */
export const Reloading: Story = { args: { rows: many.slice(0, 5), loading: true } };
/** Empty, with the reason and what to do next. */
export const Empty: Story = { args: { rows: [], empty: { reason: '没有符合筛选条件的用户，可以调整条件后再查询。' } } };
/** The first load failed (the shell showed why): the table offers to try again. */
export const LoadFailed: Story = { args: { rows: [], failed: true } };
/** Disabled by permission: see kit/PageHeader's DisabledByPermission for the buttons themselves. */
