// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AccountField, type UserFormValues } from '@/features/users/account-field.tsx';
import { useForm } from '@/kit/form/use-form.ts';

afterEach(cleanup);

const EMPTY: UserFormValues = { userName: '', password: '', nickname: '', phone: '', userType: '1', departIds: [], roleIds: [] };

/** The users form's account beside another field, as the page renders them: new functions on every render. */
function Form({ check }: { check: (name: string, signal: AbortSignal) => Promise<boolean> }) {
  const form = useForm<UserFormValues>(EMPTY, () => ({}));
  const [, rerender] = useState(0);
  return (
    <>
      <AccountField form={form} wellFormed={(name) => /^[a-z]\w{3,}$/.test(name)} check={(name, signal) => check(name, signal)} />
      <input aria-label="昵称" value={form.values.nickname} onChange={(e) => form.set('nickname', e.target.value)} />
      <button onClick={() => rerender((n) => n + 1)}>再渲染</button>
    </>
  );
}

describe('the users form’s account field', () => {
  it('asks once when the name settles, says it is taken, and does not ask again while other fields are typed in', async () => {
    const check = vi.fn(() => Promise.resolve(false));
    const user = userEvent.setup();
    render(
      <FluentProvider theme={webLightTheme}>
        <Form check={check} />
      </FluentProvider>,
    );
    await user.type(screen.getByRole('textbox', { name: /账号/ }), 'admin');
    await screen.findByText('该账号已被使用', undefined, { timeout: 3000 });
    expect(check).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledWith('admin', expect.any(AbortSignal));
    await user.type(screen.getByRole('textbox', { name: '昵称' }), '重复');
    await user.click(screen.getByRole('button', { name: '再渲染' }));
    await act(() => new Promise((r) => setTimeout(r, 700)));
    expect(check).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('正在检查账号…')).toBeNull();
    expect(screen.getByText('该账号已被使用')).toBeTruthy();
  });

  it('asks again when the name changes and settles', async () => {
    const check = vi.fn((name: string) => Promise.resolve(name !== 'admin'));
    const user = userEvent.setup();
    render(
      <FluentProvider theme={webLightTheme}>
        <Form check={check} />
      </FluentProvider>,
    );
    const account = screen.getByRole('textbox', { name: /账号/ });
    await user.type(account, 'admin');
    await screen.findByText('该账号已被使用', undefined, { timeout: 3000 });
    await user.type(account, '2');
    await waitFor(() => expect(check).toHaveBeenLastCalledWith('admin2', expect.any(AbortSignal)), { timeout: 3000 });
    await waitFor(() => expect(screen.queryByText('该账号已被使用')).toBeNull());
  });
});
