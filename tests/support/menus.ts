/**
 * A small menu as /v1/menu/list answers it: 系统管理 with 用户管理 (and its 新增 and 删除 buttons), 角色管理, a page with
 * an English name and a hidden page, and 会员管理 with 会员等级.
 */
export const MENU = [
  {
    id: 1,
    name: '系统管理',
    path: '/manage',
    children: [
      {
        id: 2,
        name: '用户管理',
        path: 'users',
        needButtonPermission: true,
        children: [
          { id: 3, name: '新增', code: 'user:add', uriType: 2 },
          { id: 4, name: '删除', code: 'user:del', uriType: 2 },
        ],
      },
      { id: 5, name: '角色管理', path: 'roles' },
      { id: 6, name: 'User Login Log', path: 'login-log' },
      { id: 7, name: '活动编辑', path: 'edit', icon: JSON.stringify({ hidden: true }) },
    ],
  },
  { id: 8, name: '会员管理', path: '/member', children: [{ id: 9, name: '会员等级', path: 'level' }] },
];
