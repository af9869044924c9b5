import type { Meta, StoryObj } from '@storybook/react-vite';
import { ShownOnceDialog } from './shown-once-dialog.tsx';

const meta: Meta<typeof ShownOnceDialog> = { title: 'kit/ShownOnceDialog', component: ShownOnceDialog, args: { onDone: () => {} } };
export default meta;
type Story = StoryObj<typeof ShownOnceDialog>;

/** A new tenant's first admin and initial password (租户列表). */
export const InitialPassword: Story = {
  args: {
    title: '租户已创建',
    intro: '“蓝鲸商贸”已创建。管理员的初始密码只显示这一次，请记下并转交：',
    items: [
      { label: '账号', value: 'lanjing_admin' },
      { label: '初始密码', value: 'a7Hk2mQx9PwZ' },
    ],
  },
};

/** A new API key (API 密钥). */
export const ApiKey: Story = {
  args: {
    title: 'API 密钥已创建',
    intro: '密钥只显示这一次，服务器只保存它的摘要。请现在复制并交给合作方：',
    items: [{ label: '名称', value: 'sk_0123456789ab_Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4' }],
  },
};
