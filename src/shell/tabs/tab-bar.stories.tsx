import type { Meta, StoryObj } from '@storybook/react-vite';
import { tabsMachine } from '@machines/tabs.machine.ts';
import { TabsContext } from './keep-alive.tsx';
import { storyMenu } from '@/shell/story-menu.ts';
import { TabBar } from './tab-bar.tsx';

const model = storyMenu;

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
