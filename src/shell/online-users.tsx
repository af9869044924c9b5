import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Link,
  OverlayDrawer,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../i18n/use-t.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { useApi } from './api-context.ts';
import { useNotify } from './toast.tsx';
import { ConfirmDialog, Pager } from './list-controls.tsx';

/** SPEC 3 online-login record. */
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
  /** the caller's own session */
  current?: boolean;
}

/** SPEC 9: page sizes 10, 20, 50, 100 and 200, default 10. */
export const ONLINE_PAGE_SIZES = [10, 20, 50, 100, 200] as const;

const COLUMNS: Array<[keyof OnlineRecord, MessageKey | 'ID']> = [
  ['id', 'ID'],
  ['loginTime', 'colLoginTime'],
  ['logoutTime', 'colLogoutTime'],
  ['loginSystemName', 'colLoginSystem'],
  ['loginIpAddress', 'colIp'],
  ['userAccount', 'colAccount'],
  ['userNickname', 'colNickname'],
  ['userMobile', 'colMobile'],
  ['staffName', 'colStaffName'],
  ['staffCode', 'colStaffCode'],
];

const useStyles = makeStyles({
  drawer: { width: '50vw', maxWidth: '100vw' },
  table: { tableLayout: 'auto' },
});

export interface OnlineUsersDrawerProps {
  open: boolean;
  onClose: () => void;
  /** SPEC 6: the force-logout link is enabled only for userType 2 or 0 */
  canForceLogout: boolean;
}

/** The online-user drawer (SPEC 2): 50% wide, titled 当前登录用户, a paged table, force logout per row. */
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
        <Table size="small" className={s.table} aria-label={t('onlineUsers')}>
          <TableHeader>
            <TableRow>
              {COLUMNS.map(([key, label]) => (
                <TableHeaderCell key={key}>{label === 'ID' ? label : t(label)}</TableHeaderCell>
              ))}
              <TableHeaderCell>{t('actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length + 1}>{t('none')}</TableCell>
              </TableRow>
            )}
            {rows.map((r) => (
              <TableRow key={r.id}>
                {COLUMNS.map(([key]) => (
                  <TableCell key={key}>{key === 'logoutTime' ? r.logoutTime || '--' : String(r[key] ?? '') || '--'}</TableCell>
                ))}
                <TableCell>
                  <Link
                    as="button"
                    disabled={!canForceLogout || r.current}
                    aria-label={`${t('forceLogout')} ${r.userAccount} ${r.id}`}
                    onClick={() => setKicking(r)}
                    data-track-code="online:force-logout"
                  >
                    {t('forceLogout')}
                  </Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Pager
          count={count}
          pageNum={pageNum}
          pageSize={pageSize}
          onPage={setPageNum}
          pageSizes={ONLINE_PAGE_SIZES}
          onPageSize={(n) => {
            setPageSize(n);
            setPageNum(1);
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

/** SPEC 2: the count shows only to userType 0, and not when the user has a storeId. */
export const showsOnlineCount = (u: { userType?: number; storeId?: number | null } | null | undefined) =>
  Boolean(u) && u!.userType === 0 && (u!.storeId === null || u!.storeId === undefined);

/** SPEC 6: userType 2 or 0 may force a logout. */
export const mayForceLogout = (u: { userType?: number } | null | undefined) => u?.userType === 0 || u?.userType === 2;
