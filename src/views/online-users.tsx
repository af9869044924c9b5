import {
  Badge,
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
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../i18n/use-t.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { useApi } from '../shell/session/api-context.ts';
import { useNotify } from '../shell/toast.tsx';
import { ConfirmDialog } from '../kit/page/confirm.tsx';
import { Pagination } from '../kit/list/pagination.tsx';
import { useFormatInstant } from '../shell/time-zone.ts';
import type { OnlineUsersProps } from '../shell/layout/screens.ts';

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

/** The columns with their widths (px): every row is one line; what does not fit ends in … with the full text on hover. */
const COLUMNS: Array<[keyof OnlineRecord, MessageKey | 'ID', number]> = [
  ['id', 'ID', 96],
  ['loginTime', 'colLoginTime', 152],
  ['logoutTime', 'colLogoutTime', 152],
  ['loginSystemName', 'colLoginSystem', 88],
  ['loginIpAddress', 'colIp', 120],
  ['userAccount', 'colAccount', 112],
  ['userNickname', 'colNickname', 112],
  ['userMobile', 'colMobile', 112],
  ['staffName', 'colStaffName', 88],
  ['staffCode', 'colStaffCode', 88],
];
const ACTIONS_WIDTH = 88;
const TABLE_WIDTH = COLUMNS.reduce((sum, [, , w]) => sum + w, ACTIONS_WIDTH);
const TIMES = new Set<keyof OnlineRecord>(['loginTime', 'logoutTime']);

const useStyles = makeStyles({
  drawer: { width: '50vw', maxWidth: '100vw' },
  // The table scrolls sideways inside the drawer; the ID column and the action stay in view.
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  table: { tableLayout: 'fixed', width: `${TABLE_WIDTH}px` },
  cell: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  first: {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: `1px 0 0 ${tokens.colorNeutralStroke2}`,
  },
  last: {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: `-1px 0 0 ${tokens.colorNeutralStroke2}`,
  },
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
        <div className={s.scroller} tabIndex={0} role="region" aria-label={t('onlineUsers')}>
          <Table size="small" className={s.table} aria-label={t('onlineUsers')}>
            <colgroup>
              {COLUMNS.map(([key, , width]) => (
                <col key={key} style={{ width }} />
              ))}
              <col style={{ width: ACTIONS_WIDTH }} />
            </colgroup>
            <TableHeader>
              <TableRow>
                {COLUMNS.map(([key, label], i) => (
                  <TableHeaderCell key={key} className={mergeClasses(s.cell, i === 0 && s.first)}>
                    {label === 'ID' ? label : t(label)}
                  </TableHeaderCell>
                ))}
                <TableHeaderCell className={mergeClasses(s.cell, s.last)}>{t('actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length + 1}>{t('none')}</TableCell>
                </TableRow>
              )}
              {rows.map((r) => (
                <TableRow key={r.id} aria-current={r.current ? 'true' : undefined}>
                  {COLUMNS.map(([key], i) => {
                    const text = (TIMES.has(key) ? formatInstant(r[key] as string) : String(r[key] ?? '')) || '--';
                    return (
                      <TableCell key={key} className={mergeClasses(i === 0 && s.first)}>
                        <div className={s.cell} title={text}>
                          {text}
                          {i === 0 && r.current && (
                            <Badge className={s.you} size="small" appearance="filled" color="brand">
                              {t('you')}
                            </Badge>
                          )}
                        </div>
                      </TableCell>
                    );
                  })}
                  <TableCell className={s.last}>
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
        </div>
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
