import { type UserRow } from '@/api/calls/system/user-calls.ts';
import { userApi } from '@/api/table/users.ts';
import { staffApi } from '@/api/table/base-info.ts';
import type { ApiClient } from '@/api/client.ts';
import type { ListPage } from '@/kit/page/use-list-page.tsx';
import type { T } from '@/i18n/use-t.ts';

/** A user as 详情 shows it: the account, and the staff record bound to it. */
export type UserDetail = UserRow & { staff: string };

/**
 * What the users page does to rows: delete or disable one or the chosen ones (confirmed first, naming the user when
 * it is one; one message for the batch), enable one or the chosen ones at once.
 */
export function userRowActions(api: ApiClient, t: T, each: ListPage<UserRow, unknown>['each']) {
  const askEach = (kind: 'delete' | 'disable', rows: UserRow[]) =>
    each(
      rows,
      (r) => (kind === 'delete' ? api.send(userApi.remove, { id: r.id }) : api.send(userApi.modifyStatus, { id: r.id, status: 0 })),
      kind === 'delete'
        ? rows.length > 1
          ? t('confirmBatchDelete', { count: rows.length })
          : t('confirmDeleteUser', { name: rows[0]!.userName })
        : rows.length > 1
          ? t('confirmBatchDisable', { count: rows.length })
          : t('confirmDisableUser', { name: rows[0]!.userName }),
    );
  /** Enabling takes nothing away: done at once, one message for the batch. */
  const enableEach = (rows: UserRow[]) => each(rows, (r) => api.send(userApi.modifyStatus, { id: r.id, status: 1 }));
  const setStatus = (row: UserRow, on: boolean) => (on ? enableEach([row]) : askEach('disable', [row]));
  return { askEach, enableEach, setStatus };
}

/** A user's details, read fresh: the account and its bound staff record. */
export const loadUserDetail =
  (api: ApiClient) =>
  (row: UserRow): Promise<UserDetail> =>
    Promise.all([api.send(userApi.detail, { id: row.id }), api.send(staffApi.ofUser, { userId: row.id })]).then(
      ([{ values: user }, { values: staff }]) => ({ ...user, staff: staff ? `${staff.staffName}（${staff.staffCode}）` : '--' }),
    );
