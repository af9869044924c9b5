import type { Meta, StoryObj } from '@storybook/react-vite';
import { Input, Select } from '@fluentui/react-components';
import { FilterBar } from './filter-bar.tsx';

function Filters({ many }: { many: boolean }) {
  return (
    <div style={{ maxWidth: 760 }}>
      <FilterBar onSearch={() => {}} onReset={() => {}}>
        <Input aria-label="账号 / 昵称 / 手机号" placeholder="账号 / 昵称 / 手机号" />
        <Select aria-label="状态">
          <option>状态：全部</option>
          <option>启用</option>
          <option>停用</option>
        </Select>
        {many && (
          <>
            <Select aria-label="用户类型">
              <option>用户类型：全部</option>
            </Select>
            <Select aria-label="角色">
              <option>角色：全部</option>
              <option>华东大区门店运营与会员增长负责人（超长的角色名称示例）</option>
            </Select>
            <Select aria-label="部门权限">
              <option>部门权限：全部</option>
            </Select>
          </>
        )}
      </FilterBar>
    </div>
  );
}

const meta: Meta<typeof Filters> = { title: 'kit/FilterBar', component: Filters };
export default meta;
type Story = StoryObj<typeof Filters>;

export const Few: Story = { args: { many: false } };
/** More filters than fit one line: they wrap, 查询 and 重置 stay together. */
export const ManyWrapping: Story = { args: { many: true } };
