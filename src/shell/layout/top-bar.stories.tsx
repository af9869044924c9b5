import type { Meta, StoryObj } from '@storybook/react-vite';
import { TopBar } from './top-bar.tsx';

const meta: Meta<typeof TopBar> = {
  component: TopBar,
  args: { slogan: 'sloganDefault', nickname: '星河管理员', roleName: '超级管理员', onUserInfo: () => {}, onLogout: () => {} },
};
export default meta;
type Story = StoryObj<typeof TopBar>;

export const Default: Story = {};
export const NoAvatar: Story = { args: { avatar: undefined } };
export const WithAvatar: Story = {
  args: {
    avatar:
      'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="28" height="28"%3E%3Ccircle cx="14" cy="14" r="14" fill="%23c50"/%3E%3C/svg%3E',
  },
};
export const LongChineseName: Story = { args: { nickname: '华东大区第一分公司门店运营管理员（超长昵称）' } };
export const BiMode: Story = { args: { slogan: 'sloganBi' } };
export const LoggingOut: Story = { args: { loggingOut: true } };
/** userType 0 without a store: the online count; the session countdown; search and language. */
export const AdminWithCountdown: Story = {
  args: { secondsLeft: 7 * 3600 + 59 * 60 + 3, onlineCount: 12, onOnlineUsers: () => {}, onSearch: () => {}, onSwitchLanguage: () => {} },
};
export const LastSeconds: Story = { args: { secondsLeft: 9 } };
