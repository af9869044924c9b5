import { useState } from 'react';
import { type UserRow } from '@/api/calls/system/user-calls.ts';
import { userApi } from '@/api/table/users.ts';
import { staffApi } from '@/api/table/base-info.ts';
import type { ApiClient } from '@/api/client.ts';
import { useConfirm } from '@/kit/page/confirm.tsx';
import { useRunEach } from '@/kit/page/use-run-each.ts';
import { useT } from '@/i18n/use-t.ts';

/**
 * What the users page does to rows: delete or disable one or the chosen ones (confirmed first, naming the user when
 * it is one; one message for the batch), enable one or the chosen ones at once, and open a user's details with the staff record bound to the account.
 */
export function useUserActions(api: ApiClient, reload: () => void) {
  const t = useT();
  const [ask, confirmDialog] = useConfirm();
  const runEach = useRunEach();
  const [detail, setDetail] = useState<(UserRow & { staff: string }) | null>(null);
  const askEach = (kind: 'delete' | 'disable', rows: UserRow[]) =>
    ask({
      message:
        kind === 'delete'
          ? rows.length > 1
            ? t('confirmBatchDelete', { count: rows.length })
            : t('confirmDeleteUser', { name: rows[0]!.userName })
          : rows.length > 1
            ? t('confirmBatchDisable', { count: rows.length })
            : t('confirmDisableUser', { name: rows[0]!.userName }),
      run: () =>
        runEach(
          rows,
          (r) => (kind === 'delete' ? api.send(userApi.remove, { id: r.id }) : api.send(userApi.modifyStatus, { id: r.id, status: 0 })),
          reload,
        ),
      quiet: true,
    });
  /** Enabling takes nothing away: done at once, one message for the batch. */
  const enableEach = (rows: UserRow[]) => void runEach(rows, (r) => api.send(userApi.modifyStatus, { id: r.id, status: 1 }), reload);
  const setStatus = (row: UserRow, on: boolean) => (on ? enableEach([row]) : askEach('disable', [row]));
  const openDetail = (row: UserRow) =>
    void Promise.all([api.send(userApi.detail, { id: row.id }), api.send(staffApi.ofUser, { userId: row.id })]).then(
      ([{ values: user }, { values: staff }]) => setDetail({ ...user, staff: staff ? `${staff.staffName}（${staff.staffCode}）` : '--' }),
      () => {
        /* shown by the shell */
      },
    );
  return { askEach, enableEach, setStatus, openDetail, detail, closeDetail: () => setDetail(null), confirmDialog };
}
