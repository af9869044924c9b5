import type { OnlineRecord } from '@/api/table/logs.ts';
import { Badge, Link, makeStyles, tokens } from '@fluentui/react-components';
import { useT } from '@/i18n/use-t.ts';
import type { MessageKey } from '@/i18n/messages.ts';
import type { Column } from '@/kit/table/data-table.tsx';
import { useFormatInstant } from '@/shell/time-zone.ts';

/** An online-login record. */
export type { OnlineRecord } from '@/api/table/logs.ts';

/**
 * Who first (account with its nickname, phone), then when and where from: the columns with their content widths (px;
 * a cell adds its padding). The key ones fit the half-wide drawer at 1440 px beside 强制退出 (issue 45: it showed 5 of
 * 11); the rest (`later`) start hidden, one click away in 列设置.
 */
const COLUMNS: Array<[keyof OnlineRecord, MessageKey | 'ID', number, 'later'?]> = [
  ['userAccount', 'colAccount', 136],
  ['userNickname', 'colNickname', 96, 'later'],
  ['userMobile', 'colMobile', 100],
  ['loginTime', 'colLoginTime', 144],
  ['loginIpAddress', 'colIp', 112],
  ['loginSystemName', 'colLoginSystem', 88, 'later'],
  ['staffName', 'colStaffName', 88, 'later'],
  ['staffCode', 'colStaffCode', 88, 'later'],
  ['logoutTime', 'colLogoutTime', 148, 'later'],
  ['id', 'ID', 96, 'later'],
];
const TIMES = new Set<keyof OnlineRecord>(['loginTime', 'logoutTime']);

const useStyles = makeStyles({
  you: { marginInlineStart: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The drawer's columns, the caller's own session marked 本机, then 强制退出 (off for one's own and without the right). */
export function useOnlineColumns({
  canForceLogout,
  kick,
}: {
  canForceLogout: boolean;
  kick: (r: OnlineRecord) => void;
}): Column<OnlineRecord>[] {
  const s = useStyles();
  const t = useT();
  const formatInstant = useFormatInstant();
  return [
    ...COLUMNS.map(([key, label, width, later]): Column<OnlineRecord> => {
      const text = (r: OnlineRecord) => (TIMES.has(key) ? formatInstant(r[key] as string) : String(r[key] ?? '')) || '--';
      // the account says whose it is: its nickname beside it, muted (the nickname's own column starts hidden)
      const account = key === 'userAccount';
      return {
        key,
        title: label === 'ID' ? label : t(label),
        width,
        hiddenAtFirst: later === 'later',
        ellipsis: account ? (r) => [r.userAccount, r.userNickname].filter(Boolean).join(' ') : text,
        render: (r) => (
          <>
            {text(r)}
            {account && r.userNickname && <span className={s.muted}> {r.userNickname}</span>}
            {account && r.current && (
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
          onClick={() => kick(r)}
          data-track-code="online:force-logout"
          data-track-outcome=""
        >
          {t('forceLogout')}
        </Link>
      ),
    },
  ];
}
