import type { Meta, StoryObj } from '@storybook/react-vite';
import { buildMenuModel } from '@/menu/menu-model.ts';
import { SideMenu } from './side-menu.tsx';

const tree = [
  { id: null, name: '', children: [{ id: 1, name: '工作台', path: '/dashboard' }] },
  {
    id: 2,
    name: '系统管理',
    path: '/manage',
    children: [
      { id: 3, name: '用户管理', path: '/manage/users' },
      { id: 4, name: '角色管理', path: '/manage/roles' },
      { id: 5, name: '隐藏的页面', path: '/manage/hidden', icon: '{"hidden":true}' },
    ],
  },
  {
    id: 6,
    name: '企业微信客户与客户群运营中心',
    path: '/work-weixin',
    children: [{ id: 7, name: '客户群运营与红包裂变活动管理（超长名称示例）', path: '/work-weixin/group' }],
  },
];
const model = buildMenuModel(tree);

const meta: Meta<typeof SideMenu> = {
  component: SideMenu,
  args: { model, currentPath: '/manage/users', collapsed: false, onNavigate: () => {}, onToggle: () => {} },
  decorators: [(Story) => <div style={{ height: 480, display: 'flex' }}>{Story()}</div>],
};
export default meta;
type Story = StoryObj<typeof SideMenu>;

export const Expanded: Story = {};
export const Collapsed: Story = { args: { collapsed: true } };
export const LongChineseNames: Story = { args: { currentPath: '/work-weixin/group' } };
export const EmptyMenu: Story = { args: { model: buildMenuModel([]), currentPath: '/' } };
