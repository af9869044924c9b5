import {
  Badge,
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Link,
  OverlayDrawer,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { useApi } from '../../shell/session/api-context.ts';
import { useNotify } from '../../shell/toast.tsx';
import { ConfirmDialog } from '../../kit/page/confirm.tsx';
import { Pagination } from '../../kit/list/pagination.tsx';
import { DataTable, type Column } from '../../kit/list/data-table.tsx';
import { useFormatInstant } from '../../shell/time-zone.ts';
import type { OnlineUsersProps } from '../../shell/layout/screens.ts';

/** An online-login record. */
export interface OnlineRecord {
  id: string;
  loginTime: string;
  logoutTime: string;
  loginSystemName: string;
  loginIpAddress: string;
  userAccount: string;
  userNickname: string;
  userMobile: string;
  staffName: string;
  staffCode: string;
  /** the caller's own session (marked 本机; it cannot be forced out) */
  current?: boolean;
}

/** Who first (account, name, phone), then when and where from: the columns with their widths (px). */
const COLUMNS: Array<[keyof OnlineRecord, MessageKey | 'ID', number]> = [
  ['userAccount', 'colAccount', 150],
  ['userNickname', 'colNickname', 112],
  ['userMobile', 'colMobile', 112],
  ['loginTime', 'colLoginTime', 152],
  ['loginIpAddress', 'colIp', 120],
  ['loginSystemName', 'colLoginSystem', 88],
  ['staffName', 'colStaffName', 88],
  ['staffCode', 'colStaffCode', 88],
  ['logoutTime', 'colLogoutTime', 152],
  ['id', 'ID', 96],
];
const TIMES = new Set<keyof OnlineRecord>(['loginTime', 'logoutTime']);

const useStyles = makeStyles({
  drawer: { width: '50vw', maxWidth: '100vw' },
  you: { marginInlineStart: tokens.spacingHorizontalXS },
});

export type OnlineUsersDrawerProps = OnlineUsersProps;

/** The online-user drawer: 50% wide, titled 当前登录用户, a paged table, force logout per row. */
export function OnlineUsersDrawer({ open, onClose, canForceLogout }: OnlineUsersDrawerProps) {
  const s = useStyles();
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const formatInstant = useFormatInstant();
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState<number>(10);
  const [rows, setRows] = useState<OnlineRecord[]>([]);
  const [count, setCount] = useState(0);
  const [kicking, setKicking] = useState<OnlineRecord | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await api.call<{ values?: OnlineRecord[]; count?: number }>('/v1/user/listOnlineUser', { pageNum, pageSize });
      setRows(answer.values ?? []);
      setCount(answer.count ?? 0);
    } catch {
      /* shown by the shell */
    }
  }, [api, pageNum, pageSize]);
  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const columns: Column<OnlineRecord>[] = [
    ...COLUMNS.map(([key, label, width]): Column<OnlineRecord> => {
      const text = (r: OnlineRecord) => (TIMES.has(key) ? formatInstant(r[key] as string) : String(r[key] ?? '')) || '--';
      return {
        key,
        title: label === 'ID' ? label : t(label),
        width,
        ellipsis: text,
        render: (r) => (
          <>
            {text(r)}
            {key === 'userAccount' && r.current && (
              <Badge className={s.you} size="small" appearance="filled" color="brand">
                {t('you')}
              </Badge>
            )}
          </>
        ),
      };
    }),
    {
      key: 'actions',
      title: t('actions'),
      width: 88,
      render: (r) => (
        <Link
          as="button"
          disabled={!canForceLogout || r.current}
          aria-label={`${t('forceLogout')} ${r.userAccount} ${r.id}`}
          onClick={() => setKicking(r)}
          data-track-code="online:force-logout"
        >
          {t('forceLogout')}
        </Link>
      ),
    },
  ];

  const forceLogout = async (row: OnlineRecord) => {
    setKicking(null);
    try {
      await api.call('/v1/user/forceLogout', { id: row.id });
      notify(t('operationDone'), 'success');
    } catch {
      /* shown by the shell */
    }
    await load();
  };

  return (
    <OverlayDrawer
      open={open}
      position="end"
      className={s.drawer}
      onOpenChange={(_, d) => !d.open && onClose()}
      aria-label={t('onlineUsers')}
    >
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t('close')} icon={<DismissRegular />} onClick={onClose} />}>
          {t('onlineUsers')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <DataTable
          label={t('onlineUsers')}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          current={(r) => Boolean(r.current)}
          empty={{ reason: '' }}
        />
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
      </DrawerBody>
      <ConfirmDialog
        open={kicking !== null}
        message={t('confirmForceLogout')}
        onConfirm={() => kicking && void forceLogout(kicking)}
        onCancel={() => setKicking(null)}
      />
    </OverlayDrawer>
  );
}
