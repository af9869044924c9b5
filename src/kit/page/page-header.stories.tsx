import type { Meta, StoryObj } from '@storybook/react-vite';
import { PermissionButton } from '@/shell/session/permission-button.tsx';
import { PageHeader } from './page-header.tsx';

const granted = { needButtonPermission: true, buttons: ['user:add', 'user:del'] };
const denied = { needButtonPermission: true, buttons: [] as string[] };

const meta: Meta<typeof PageHeader> = { title: 'kit/PageHeader', component: PageHeader };
export default meta;
type Story = StoryObj<typeof PageHeader>;

/** 新增用户 and 批量删除 as a role with these buttons (or without them) sees them. */
const usersActions = (route: typeof granted) => (
  <>
    <PermissionButton code="user:add" route={route} size="medium">
      新增用户
    </PermissionButton>
    <PermissionButton code="user:del" route={route} size="medium">
      批量删除
    </PermissionButton>
  </>
);

export const WithActions: Story = { args: { route: { title: '用户管理', trail: ['系统管理'] }, actions: usersActions(granted) } };
/** Buttons the role lacks: disabled, grey (never a live red outline), tooltip 您没有权限. */
export const DisabledByPermission: Story = { args: { route: { title: '用户管理', trail: ['系统管理'] }, actions: usersActions(denied) } };
export const LongChineseTitle: Story = {
  args: { route: { title: '客户群运营与红包裂变活动管理（超长名称示例）', trail: ['企业微信客户与客户群运营中心'] } },
};
