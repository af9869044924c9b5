import type { Meta, StoryObj } from '@storybook/react-vite';
import { Field, Input } from '@fluentui/react-components';
import { CheckboxGroup } from './controls/checkbox-group.tsx';
import { FormDrawer } from './form-drawer.tsx';

function Form({ saving, dirty, errors }: { saving: boolean; dirty: boolean; errors: boolean }) {
  return (
    <FormDrawer open title="新增用户" dirty={dirty} saving={saving} onSubmit={() => {}} onClose={() => {}}>
      <Field
        label="账号"
        required
        {...(errors
          ? { validationState: 'error' as const, validationMessage: '该账号已被使用' }
          : { hint: '4-32 位字母、数字或下划线，以字母开头' })}
      >
        <Input defaultValue="admin" />
      </Field>
      <Field label="昵称" required {...(errors ? { validationState: 'error' as const, validationMessage: '昵称不能为空' } : {})}>
        <Input />
      </Field>
      <CheckboxGroup
        label="部门权限"
        required
        options={[
          { value: 1, label: '总部' },
          { value: 2, label: '华东大区' },
          { value: 3, label: '华南大区' },
        ]}
        value={[2]}
        onChange={() => {}}
        error={errors ? '请至少选择一个部门' : undefined}
      />
    </FormDrawer>
  );
}

const meta: Meta<typeof Form> = { title: 'kit/FormDrawer', component: Form, args: { saving: false, dirty: false, errors: false } };
export default meta;
type Story = StoryObj<typeof Form>;

export const Blank: Story = {};
/** Messages under their fields, after a refused submit. */
export const WithErrors: Story = { args: { errors: true, dirty: true } };
/** Saving: the button is disabled and says 正在操作中，请稍候... */
export const Saving: Story = { args: { saving: true, dirty: true } };
