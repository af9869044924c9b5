import type { Meta, StoryObj } from '@storybook/react-vite';
import { buildMenuModel } from '@/menu/menu-model.ts';
import { storyMenu } from '@/shell/story-menu.ts';
import { SideMenu } from './side-menu.tsx';

const model = storyMenu;

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
