import type { Meta, StoryObj } from '@storybook/react-vite';
import { LoginForm } from './login-form.tsx';

const meta: Meta<typeof LoginForm> = {
  component: LoginForm,
  args: { slogan: 'sloganDefault', onSubmit: () => {} },
};
export default meta;
type Story = StoryObj<typeof LoginForm>;

export const Empty: Story = {};
export const Busy: Story = { args: { busy: true } };
export const WrongPassword: Story = { args: { error: '账号或密码错误' } };
export const SessionExpired: Story = { args: { error: '登录失效，请重新登录' } };
