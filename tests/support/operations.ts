/** An operation-log entry (SPEC 3) of a click on 用户管理 under 系统管理: what was clicked, and when. */
export const usersPageClick = (operationTime: string, operationName: string, operationCode: string) => ({
  operationTime,
  operationName,
  operationCode,
  systemName: 'SCRM',
  pageCode: 'users',
  pageName: '用户管理',
  operationType: 'click',
  menuName: '系统管理',
  menuCode: 'manage',
});
