import type { ApiClient } from '../../client.ts';
import type { Answer } from '../../contract.ts';

export interface DepartRow {
  id: number;
  departName: string;
  /** accounts in it */
  users: number;
  /** business records under it (a department field) */
  records: number;
}

export type { StaffRow } from '../../schema/system/staff.ts';
import type { StaffRow } from '../../schema/system/staff.ts';

export interface StaffInput {
  id?: number;
  staffName: string;
  staffCode: string;
  phone: string;
  storeId: number | null;
  userId: number | null;
}

/** 基础数据: departments and staff on their real tables (staff/save, the rest docs/api.md). */
export const baseInfoCalls = (api: ApiClient) => ({
  departs: async () => (await api.call<Answer<DepartRow[]>>('/v1/depart/list', {})).values ?? [],
  saveDepart: (d: { id?: number; departName: string }) => api.call('/v1/depart/save', d, { fieldErrors: true }),
  deleteDepart: (id: number) => api.call('/v1/depart/del', { id }),
  staff: async (q: { pageNum: number; pageSize: number; keyword?: string }) => {
    const a = await api.call<Answer<StaffRow[]> & { count?: number }>('/v1/staff/list', q);
    return { rows: a.values ?? [], count: a.count ?? 0 };
  },
  saveStaff: (s: StaffInput) => api.call('/v1/staff/save', s, { fieldErrors: true }),
  deleteStaff: (id: number) => api.call('/v1/staff/del', { id }),
});
