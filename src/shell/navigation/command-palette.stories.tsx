import type { Meta, StoryObj } from '@storybook/react-vite';
import { memoryStore } from '@/api/storage.ts';
import { buildMenuModel } from '@/menu/menu-model.ts';
import { CommandPalette } from './command-palette.tsx';
import { pinyinOf } from '@/menu/pinyin.ts';

const model = buildMenuModel([
  {
    id: 1,
    name: '系统管理',
    path: '/manage',
    children: [
      { id: 2, name: '用户管理', path: 'users' },
      { id: 3, name: '角色管理', path: 'roles' },
    ],
  },
  {
    id: 4,
    name: '会员管理',
    path: '/member',
    children: Array.from({ length: 80 }, (_, i) => ({ id: 10 + i, name: `会员报表 ${i}`, path: `r${i}` })),
  },
]);

const actions = [
  { id: 'action:language', label: 'Switch to English', run: () => {} },
  { id: 'action:logout', label: '退出登录', run: () => {} },
  { id: 'button:user:add', label: '新增用户', trail: ['用户管理'], run: () => {} },
];

const meta: Meta<typeof CommandPalette> = {
  component: CommandPalette,
  args: {
    open: true,
    model,
    currentPath: '/manage/users',
    actions,
    store: memoryStore(),
    onClose: () => {},
    onNavigate: () => {},
    onAlreadyHere: () => {},
    // In the app the server computes pinyin (pinyin-source.ts); the story uses the client-side dictionary.
    pinyin: pinyinOf,
  },
};
export default meta;
type Story = StoryObj<typeof CommandPalette>;

export const Empty: Story = {};
/** Recently used entries come first when nothing is typed. */
export const WithRecent: Story = {
  args: { store: memoryStore({ paletteRecent: JSON.stringify(['page:/manage/roles', 'action:logout']) }) },
};
export const NoActions: Story = { args: { actions: [] } };
