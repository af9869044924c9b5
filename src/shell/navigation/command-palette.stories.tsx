import type { Meta, StoryObj } from '@storybook/react-vite';
import { memoryStore } from '@/api/storage.ts';
import { CommandPalette } from './command-palette.tsx';
import { storyMenu } from '@/shell/story-menu.ts';
import { pinyinOf } from '@/menu/pinyin.ts';

const model = storyMenu;

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
