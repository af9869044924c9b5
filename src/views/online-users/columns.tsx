import type { OnlineRecord } from '../../api/table/logs.ts';
import { Badge, Link, makeStyles, tokens } from '@fluentui/react-components';
import { useT } from '../../i18n/use-t.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import type { Column } from '../../kit/table/data-table.tsx';
import { useFormatInstant } from '../../shell/time-zone.ts';

/** An online-login record. */
export type { OnlineRecord } from '../../api/table/logs.ts';

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
  you: { marginInlineStart: tokens.spacingHorizontalXS },
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
