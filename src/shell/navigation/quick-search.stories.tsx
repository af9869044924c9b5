import type { Meta, StoryObj } from '@storybook/react-vite';
import { buildMenuModel } from '@/menu/menu-model.ts';
import { QuickSearch } from './quick-search.tsx';

const model = buildMenuModel([
  { id: null, name: '', children: [{ id: 1, name: '工作台', path: '/dashboard' }] },
  {
    id: 2,
    name: '系统管理',
    path: '/manage',
    children: [
      { id: 3, name: '用户管理', path: '/manage/users' },
      { id: 4, name: '角色管理', path: '/manage/roles' },
      { id: 5, name: 'user 登录日志', path: '/manage/user-log' },
    ],
  },
  {
    id: 6,
    name: '企业微信客户与客户群运营中心',
    path: '/work-weixin',
    children: [{ id: 7, name: '客户群运营与红包裂变活动管理（超长名称示例）', path: '/work-weixin/group' }],
  },
]);

const meta: Meta<typeof QuickSearch> = {
  component: QuickSearch,
  args: {
    open: true,
    model,
    currentPath: '/manage/users',
    onClose: () => {},
    onNavigate: () => {},
    onAlreadyHere: () => {},
    onOpenPalette: () => {},
  },
};
export default meta;
type Story = StoryObj<typeof QuickSearch>;

/** The cascade: first-level entries on the left, the active entry's pages on the right. */
export const Cascade: Story = {};
export const LongChineseNames: Story = { args: { currentPath: '/work-weixin/group' } };
export const EmptyMenu: Story = { args: { model: buildMenuModel([]), currentPath: '/' } };
