import { buildMenuModel } from '@/menu/menu-model.ts';

/**
 * The menu the shell's stories show (the side menu, 快速导航, the palette, the tab bar): 工作台; 系统管理 with two
 * pages, an English name, a hidden page and a long name; a long-named centre; 会员管理 with 80 reports.
 */
export const storyMenu = buildMenuModel([
  { id: null, name: '', children: [{ id: 1, name: '工作台', path: '/dashboard' }] },
  {
    id: 2,
    name: '系统管理',
    path: '/manage',
    children: [
      { id: 3, name: '用户管理', path: '/manage/users' },
      { id: 4, name: '角色管理', path: '/manage/roles' },
      { id: 5, name: 'user 登录日志', path: '/manage/user-log' },
      { id: 8, name: '隐藏的页面', path: '/manage/hidden', icon: '{"hidden":true}' },
      { id: 9, name: '企业微信客户群运营与红包裂变活动管理（超长名称示例）', path: '/manage/long' },
    ],
  },
  {
    id: 6,
    name: '企业微信客户与客户群运营中心',
    path: '/work-weixin',
    children: [{ id: 7, name: '客户群运营与红包裂变活动管理（超长名称示例）', path: '/work-weixin/group' }],
  },
  {
    id: 10,
    name: '会员管理',
    path: '/member',
    children: Array.from({ length: 80 }, (_, i) => ({ id: 100 + i, name: `会员报表 ${i}`, path: `/member/r${i}` })),
  },
]);
