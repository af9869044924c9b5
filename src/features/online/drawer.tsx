import { onlineApi } from '@/api/table/logs.ts';
import { makeStyles } from '@fluentui/react-components';
import { SideDrawer } from '@/kit/page/side-drawer.tsx';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '@/i18n/use-t.ts';
import { useApi } from '@/shell/session/api-context.ts';
import { useNotify } from '@/shell/toast.tsx';
import { ConfirmDialog } from '@/kit/page/confirm.tsx';
import { Pagination } from '@/kit/list/pagination.tsx';
import { ToolTable } from '@/kit/table/tool-table.tsx';
import { useOnlineColumns, type OnlineRecord } from './columns.tsx';
import { useOperationCancelled } from '@/shell/operation-outcome.ts';
import type { OnlineUsersProps } from '@/shell/layout/screens.ts';

const useStyles = makeStyles({
  drawer: { width: '50vw', maxWidth: '100vw' },
});

export type OnlineUsersDrawerProps = OnlineUsersProps;

/** The online-user drawer: 50% wide, titled 当前登录用户, a paged table, force logout per row. */
export function OnlineUsersDrawer({ open, onClose, canForceLogout }: OnlineUsersDrawerProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState<number>(10);
  const [rows, setRows] = useState<OnlineRecord[]>([]);
  const [count, setCount] = useState(0);
  const [kicking, setKicking] = useState<OnlineRecord | null>(null);
  const cancelled = useOperationCancelled();

  const load = useCallback(async () => {
    try {
      const answer = await api.send(onlineApi.list, { pageNum, pageSize });
      setRows(answer.values);
      setCount(answer.count);
    } catch {
      /* shown by the shell */
    }
  }, [api, pageNum, pageSize]);
  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const columns = useOnlineColumns({ canForceLogout, kick: setKicking });

  const forceLogout = async (row: OnlineRecord) => {
    setKicking(null);
    try {
      await api.send(onlineApi.forceLogout, { id: row.id });
      notify(t('operationDone'), 'success');
    } catch {
      /* shown by the shell */
    }
    await load();
  };

  return (
    <SideDrawer open={open} title={t('onlineUsers')} className={s.drawer} onClose={onClose}>
      <ToolTable
        label={t('onlineUsers')}
        columns={columns}
        rows={rows}
        current={(r) => Boolean(r.current)}
        empty={{ reason: '' }}
        onRefresh={() => void load()}
        inDrawer
        footer={
          <Pagination
            count={count}
            page={pageNum}
            size={pageSize}
            onChange={({ page, size }) => {
              if (size) {
                setPageSize(size);
                setPageNum(1);
              } else if (page) setPageNum(page);
            }}
          />
        }
      />
      <ConfirmDialog
        open={kicking !== null}
        message={t('confirmForceLogout')}
        onConfirm={() => kicking && void forceLogout(kicking)}
        onCancel={() => {
          cancelled();
          setKicking(null);
        }}
      />
    </SideDrawer>
  );
}
