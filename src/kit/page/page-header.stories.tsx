import type { Meta, StoryObj } from '@storybook/react-vite';
import { PermissionButton } from '@/shell/session/permission-button.tsx';
import { PageHeader } from './page-header.tsx';

const granted = { needButtonPermission: true, buttons: ['user:add', 'user:del'] };
const denied = { needButtonPermission: true, buttons: [] };

const meta: Meta<typeof PageHeader> = { title: 'kit/PageHeader', component: PageHeader };
export default meta;
type Story = StoryObj<typeof PageHeader>;

export const WithActions: Story = {
  args: {
    route: { title: '用户管理', trail: ['系统管理'] },
    actions: (
      <>
        <PermissionButton code="user:add" route={granted} size="medium">
          新增用户
        </PermissionButton>
        <PermissionButton code="user:del" route={granted} size="medium">
          批量删除
        </PermissionButton>
      </>
    ),
  },
};
/** Buttons the role lacks: disabled, grey (never a live red outline), tooltip 您没有权限. */
export const DisabledByPermission: Story = {
  args: {
    route: { title: '用户管理', trail: ['系统管理'] },
    actions: (
      <>
        <PermissionButton code="user:add" route={denied} size="medium">
          新增用户
        </PermissionButton>
        <PermissionButton code="user:del" route={denied} size="medium">
          批量删除
        </PermissionButton>
      </>
    ),
  },
};
export const LongChineseTitle: Story = {
  args: { route: { title: '客户群运营与红包裂变活动管理（超长名称示例）', trail: ['企业微信客户与客户群运营中心'] } },
};
