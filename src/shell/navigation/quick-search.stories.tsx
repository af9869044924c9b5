import type { Meta, StoryObj } from '@storybook/react-vite';
import { buildMenuModel } from '@/menu/menu-model.ts';
import { storyMenu } from '@/shell/story-menu.ts';
import { QuickSearch } from './quick-search.tsx';

const model = storyMenu;

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
