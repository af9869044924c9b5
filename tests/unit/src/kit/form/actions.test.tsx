// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { ActionPair } from '@/kit/form/actions.tsx';

afterEach(cleanup);

const show = (ui: React.ReactNode) => render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);
const disabled = (name: string) => (screen.getByRole('button', { name }) as HTMLButtonElement).disabled;

describe('a form’s action and 取消 (src/kit/form/actions.tsx)', () => {
  it('runs the action and cancels while idle; while busy the action says 正在操作中，请稍候... and both wait', async () => {
    const act = vi.fn();
    const cancel = vi.fn();
    const { rerender } = show(<ActionPair label="开始导入" busy={false} onAct={act} onCancel={cancel} />);
    await userEvent.click(screen.getByRole('button', { name: '开始导入' }));
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect([act.mock.calls.length, cancel.mock.calls.length]).toEqual([1, 1]);
    rerender(
      <FluentProvider theme={webLightTheme}>
        <ActionPair label="开始导入" busy onAct={act} onCancel={cancel} />
      </FluentProvider>,
    );
    expect(screen.queryByRole('button', { name: '开始导入' })).toBeNull();
    expect([disabled('正在操作中，请稍候...'), disabled('取消')]).toEqual([true, true]);
  });

  it('a submit action submits its form; 取消 may stay open while the work runs, and a disabled action waits', async () => {
    const submit = vi.fn((e: React.FormEvent) => e.preventDefault());
    show(
      <form onSubmit={submit}>
        <ActionPair label="保存" busy={false} submit onCancel={() => {}} />
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(submit).toHaveBeenCalledTimes(1);
    cleanup();
    show(<ActionPair label="保存" busy onCancel={() => {}} cancelWhileBusy />);
    expect(disabled('取消')).toBe(false);
    cleanup();
    show(<ActionPair label="保存" busy={false} disabled onCancel={() => {}} />);
    expect(disabled('保存')).toBe(true);
  });
});
