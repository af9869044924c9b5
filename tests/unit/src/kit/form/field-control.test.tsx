// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { ControlField, type ControlSpec } from '@/kit/form/field-control.tsx';
import { SelectField } from '@/kit/form/form-fields.tsx';
import { useForm } from '@/kit/form/use-form.ts';

afterEach(cleanup);

type Values = Record<string, unknown>;
/** A form of one field in the kit's shape, showing what the form holds. */
function One({
  spec,
  initial,
  rule,
  disabled,
}: {
  spec: ControlSpec;
  initial: unknown;
  rule?: (v: unknown) => string | undefined;
  disabled?: boolean;
}) {
  const form = useForm<Values>({ x: initial }, (v) => {
    const problem = rule?.(v.x);
    return problem ? { x: problem } : {};
  });
  return (
    <>
      <ControlField form={form} name="x" label="字段" disabled={disabled} {...spec} />
      <output aria-label="held">{JSON.stringify(form.values.x)}</output>
    </>
  );
}
const show = (ui: React.ReactNode) => render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);
const held = () => JSON.parse(screen.getByRole('status', { name: 'held' }).textContent ?? 'null') as unknown;

describe('the kit’s one control map (ControlField)', () => {
  it('text, multiline, phone and number hold what was typed, as typed', async () => {
    const user = userEvent.setup();
    for (const [kind, typed] of [
      ['text', '张三'],
      ['multiline', '第一行'],
      ['phone', '13800000000'],
      ['number', '12.5'],
    ] as const) {
      const { unmount } = show(<One spec={{ kind }} initial="" />);
      await user.type(screen.getByLabelText('字段'), typed);
      expect(held()).toBe(typed);
      if (kind === 'multiline') expect(screen.getByLabelText('字段').tagName).toBe('TEXTAREA');
      if (kind === 'phone') expect(screen.getByLabelText('字段').getAttribute('inputmode')).toBe('tel');
      unmount();
    }
  });

  it('money says its unit beside the amount', () => {
    show(<One spec={{ kind: 'money' }} initial="3" />);
    expect(screen.getByText('元')).toBeTruthy();
  });

  it('a choice offers 请选择 first and holds the chosen value, converted where the page says', async () => {
    const user = userEvent.setup();
    const options = [
      { value: '1', label: '总部' },
      { value: '2', label: '华东大区' },
    ];
    show(<One spec={{ kind: 'choice', options, fromChoice: (v) => (v ? Number(v) : null) }} initial={null} />);
    const select = screen.getByLabelText('字段');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['请选择', '总部', '华东大区']);
    await user.selectOptions(select, '华东大区');
    expect(held()).toBe(2);
    await user.selectOptions(select, '请选择');
    expect(held()).toBeNull();
  });

  it('a choice that is always made has no empty option (SelectField without a placeholder)', () => {
    function Pick() {
      const form = useForm<Values>({ x: 'a' }, () => ({}));
      return <SelectField form={form} name="x" label="字段" options={[{ value: 'a', label: '甲' }]} />;
    }
    show(<Pick />);
    expect([...screen.getByLabelText('字段').querySelectorAll('option')].map((o) => o.textContent)).toEqual(['甲']);
  });

  it('a flag switches between 是 and 否', async () => {
    const user = userEvent.setup();
    show(<One spec={{ kind: 'flag' }} initial={false} />);
    expect(screen.getByText('否')).toBeTruthy();
    await user.click(screen.getByRole('switch'));
    expect(held()).toBe(true);
    expect(screen.getByText('是')).toBeTruthy();
  });

  it('several choices are a group of checkboxes under the field’s name, holding the values chosen', async () => {
    const user = userEvent.setup();
    const options = ['甲', '乙'].map((label, i) => ({ value: 'ab'[i]!, label }));
    show(<One spec={{ kind: 'several', options }} initial={[]} rule={(v) => ((v as string[]).length ? undefined : '至少选一个')} />);
    const group = screen.getByRole('group', { name: '字段' });
    await user.click(screen.getByRole('checkbox', { name: '乙' }));
    await user.click(screen.getByRole('checkbox', { name: '甲' }));
    expect(held()).toEqual(['b', 'a']);
    await user.click(screen.getByRole('checkbox', { name: '甲' }));
    await user.click(screen.getByRole('checkbox', { name: '乙' }));
    await user.tab();
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('至少选一个')).toBeTruthy();
  });

  it('several choices shown but not to be changed here are disabled, each of them', () => {
    const options = ['甲', '乙'].map((label, i) => ({ value: 'ab'[i]!, label }));
    show(<One spec={{ kind: 'several', options }} initial={['a']} disabled />);
    expect(screen.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).disabled)).toEqual([true, true]);
  });

  it('a web address and a secret are typed as such: a URL keyboard, a hidden secret', async () => {
    const user = userEvent.setup();
    show(<One spec={{ kind: 'secret' }} initial="" />);
    const secret = screen.getByLabelText('字段');
    expect(secret.getAttribute('type')).toBe('password');
    await user.type(secret, 's3cret');
    expect(held()).toBe('s3cret');
    cleanup();
    show(<One spec={{ kind: 'url' }} initial="" />);
    expect(screen.getByLabelText('字段').getAttribute('type')).toBe('url');
  });

  it('shows the field’s rule under it once left, and marks it required', async () => {
    const user = userEvent.setup();
    show(<One spec={{ kind: 'text' }} initial="" rule={(v) => (v ? undefined : '字段不能为空')} />);
    expect(screen.queryByText('字段不能为空')).toBeNull();
    await user.click(screen.getByLabelText('字段'));
    await user.tab();
    expect(screen.getByText('字段不能为空')).toBeTruthy();
    await user.type(screen.getByLabelText('字段'), '有');
    expect(screen.queryByText('字段不能为空')).toBeNull();
  });

  it('renders a page’s own control in the same field shape', () => {
    function Own() {
      const form = useForm<Values>({ x: 1 }, () => ({}));
      return (
        <ControlField form={form} name="x" label="关联" kind="text" required>
          <button type="button">选择记录</button>
        </ControlField>
      );
    }
    show(<Own />);
    expect(screen.getByRole('button', { name: '选择记录' })).toBeTruthy();
    expect(screen.getByText('关联')).toBeTruthy();
  });
});
