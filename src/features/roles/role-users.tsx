import { useState } from 'react';
import { roleApi, type RoleUser } from '@/api/table/roles.ts';
import { useApi } from '@/shell/session/api-context.ts';
import type { Column } from '@/kit/table/data-table.tsx';
import { ToolTable } from '@/kit/table/tool-table.tsx';
import { Pagination } from '@/kit/list/pagination.tsx';
import { listed, useListData } from '@/kit/list/use-list.ts';
import { useT } from '@/i18n/use-t.ts';

export function RoleUsers({ roleId }: { roleId: number }) {
  const t = useT();
  const api = useApi();
  const [page, setPage] = useState({ page: 1, size: 10 });
  const data = useListData(
    () => api.send(roleApi.users, { roleId, pageNum: page.page, pageSize: page.size }).then(listed),
    [api, roleId, page.page, page.size],
  );
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
      <ToolTable
        label={t('roleUsers')}
        columns={columns}
        data={data}
        rowKey={(u) => u.id}
        footer={
          <Pagination
            count={data.count}
            page={page.page}
            size={page.size}
            onChange={(c) => setPage((p) => ({ page: c.page ?? 1, size: c.size ?? p.size }))}
          />
        }
      />
    </>
  );
}
