import type { Meta, StoryObj } from '@storybook/react-vite';
import { buildMenuModel } from '@/menu/menu-model.ts';
import { tabsMachine } from '@machines/tabs.machine.ts';
import { TabsContext } from './keep-alive.tsx';
import { TabBar } from './tab-bar.tsx';

const model = buildMenuModel([
  { id: null, name: '', children: [{ id: 1, name: '工作台', path: '/dashboard' }] },
  {
    id: 2,
    name: '系统管理',
    path: '/manage',
    children: [
      { id: 3, name: '用户管理', path: '/manage/users' },
      { id: 4, name: '角色管理', path: '/manage/roles' },
      { id: 5, name: '企业微信客户群运营与红包裂变活动管理（超长名称示例）', path: '/manage/long' },
    ],
  },
]);

/** The bar over a tabs machine of its own (the app's keeps its lists in local storage). */
const meta: Meta<typeof TabBar> = {
  component: TabBar,
  args: { model, currentPath: '/manage/users', onNavigate: () => {} },
  decorators: [
    (Story, { parameters }) => (
      <TabsContext.Provider logic={tabsMachine} options={{ input: { tabs: parameters.tabs as string[] } }}>
        {Story()}
      </TabsContext.Provider>
    ),
  ],
  parameters: { tabs: ['/dashboard', '/manage/users', '/manage/roles'] },
};
export default meta;
type Story = StoryObj<typeof TabBar>;

export const ThreeTabs: Story = {};
export const OneTabCannotClose: Story = { parameters: { tabs: ['/manage/users'] } };
export const LongTitles: Story = { parameters: { tabs: ['/dashboard', '/manage/users', '/manage/long', '/manage/roles'] } };
