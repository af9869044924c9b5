import * as v from 'valibot';
import { adds, answers, defineCall, byPage, byButton } from './define.ts';
import { departId, departList, departRow, departSave } from '../schema/system/depart.ts';
import { staffBindingCheck, staffId, staffList, staffOfUser, staffRow, staffSave } from '../schema/system/staff.ts';

export type DepartRow = v.InferOutput<typeof departRow>;

const saved = answers.saved();

/** 基础数据 › 部门管理: the tenant's departments. */
export const departApi = {
  list: defineCall({ path: '/v1/depart/list', owner: byPage('base-info/department'), input: departList, answer: answers.rows(departRow) }),
  save: defineCall({
    path: '/v1/depart/save',
    owner: byButton('depart:add', 'depart:edit'),
    narrow: (body) => ({ buttons: [adds(body) ? 'depart:add' : 'depart:edit'] }),
    input: departSave,
    answer: saved,
  }),
  remove: defineCall({ path: '/v1/depart/del', owner: byButton('depart:del'), input: departId, answer: answers.done() }),
};

/** 基础数据 › 员工管理: staff records, each bound to at most one account. */
export const staffApi = {
  list: defineCall({ path: '/v1/staff/list', owner: byPage('base-info/staff-mng'), input: staffList, answer: answers.page(staffRow) }),
  save: defineCall({
    path: '/v1/staff/save',
    owner: { pages: ['base-info/staff-mng'], buttons: ['user:edit'] },
    input: staffSave,
    answer: saved,
  }),
  remove: defineCall({ path: '/v1/staff/del', owner: byPage('base-info/staff-mng'), input: staffId, answer: answers.done() }),
  /** may this staff member (or a new one) be bound to this account? refused under userId when not */
  checkBinding: defineCall({
    path: '/v1/staffAccount/saveCheck',
    owner: { pages: ['base-info/staff-mng'], buttons: ['user:edit'] },
    input: staffBindingCheck,
    answer: answers.values(v.object({ ok: v.literal(true) })),
  }),
  /** the staff record bound to an account, or null: the staff page, or an account editor binding one */
  ofUser: defineCall({
    path: '/v1/staffInfo/selectStaffInfoByUserId',
    owner: byPage('manage/users', 'base-info/staff-mng'),
    input: staffOfUser,
    answer: answers.values(v.nullable(staffRow)),
  }),
};
