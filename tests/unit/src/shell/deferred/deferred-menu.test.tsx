// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, FluentProvider, webLightTheme } from '@fluentui/react-components';
import { deferred } from '@/shell/deferred/deferred.tsx';

type Module = typeof import('@/shell/deferred/deferred-menu.tsx');

/**
 * A fresh copy of the module for each test (its parts not loaded yet), with the browser never idle: the parts arrive
 * only when the user reaches for a control, so each test sees the plain control first.
 */
async function fresh(): Promise<Module> {
  vi.resetModules();
  return import('@/shell/deferred/deferred-menu.tsx');
}

const wrap = (ui: React.ReactNode) => render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);

beforeEach(() => {
  Object.assign(window, { requestIdleCallback: () => 1, cancelIdleCallback: () => {} });
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(window, 'requestIdleCallback');
  Reflect.deleteProperty(window, 'cancelIdleCallback');
});

describe('deferred modules', () => {
  it('loads once for every caller, and forgets a failed load so the next reach tries again', async () => {
    let calls = 0;
    const d = deferred(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ answer: 42 })));
    expect(d.loaded()).toBeUndefined();
    await expect(d.load()).rejects.toThrow('offline');
    expect(d.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([d.load(), d.load()]);
    expect(a).toBe(b);
    expect(d.loaded()).toEqual({ answer: 42 });
    expect(calls).toBe(2);
  });

  it('loads on its own once the browser is idle after the control has painted', async () => {
    let idle: (() => void) | undefined;
    Object.assign(window, { requestIdleCallback: (cb: () => void) => ((idle = cb), 1) });
    const { DeferredMenu, menuParts } = await fresh();
    wrap(
      <DeferredMenu trigger={<button type="button">更多</button>}>
        {({ MenuList, MenuItem }) => (
          <MenuList>
            <MenuItem>刷新</MenuItem>
          </MenuList>
        )}
      </DeferredMenu>,
    );
    expect(menuParts.loaded()).toBeUndefined();
    idle?.();
    await waitFor(() => expect(menuParts.loaded()).toBeDefined());
    // loaded without being asked to open: the menu stays closed until the user opens it
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: '更多' }));
    await screen.findByRole('menuitem', { name: '刷新' });
  });
});

describe('a menu loaded after the first paint', () => {
  it('is a plain button that says it opens a menu; a click before its code arrives opens it when it does', async () => {
    const { DeferredMenu, menuParts } = await fresh();
    const onLogout = vi.fn();
    wrap(
      <DeferredMenu trigger={<button type="button">星河管理员</button>}>
        {({ MenuList, MenuItem }) => (
          <MenuList>
            <MenuItem onClick={onLogout}>退出登录</MenuItem>
          </MenuList>
        )}
      </DeferredMenu>,
    );
    const trigger = screen.getByRole('button', { name: '星河管理员' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(menuParts.loaded()).toBeUndefined();
    fireEvent.click(trigger);
    const item = await screen.findByRole('menuitem', { name: '退出登录' });
    await userEvent.setup().click(item);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('every menu on the screen works once one of them has brought the code, not only the one reached for', async () => {
    const { DeferredMenu } = await fresh();
    const menu = (title: string) => (
      <DeferredMenu openOnContext trigger={<button type="button">{title}</button>}>
        {({ MenuList, MenuItem }) => (
          <MenuList>
            <MenuItem>{`关闭 ${title}`}</MenuItem>
          </MenuList>
        )}
      </DeferredMenu>
    );
    wrap(
      <>
        {menu('工作台')}
        {menu('角色管理')}
      </>,
    );
    fireEvent.contextMenu(screen.getByRole('button', { name: '角色管理' }));
    await screen.findByRole('menuitem', { name: '关闭 角色管理' });
    // the other tab's trigger is the menu's own now (Fluent gives it an id), though the browser was never idle
    await waitFor(() => expect(screen.getByRole('button', { name: '工作台' }).id).not.toBe(''));
  });

  it('keeps the keyboard focus of a user who tabbed to its trigger before the code arrived', async () => {
    const { DeferredMenu, menuParts } = await fresh();
    wrap(
      <>
        <button type="button">之前</button>
        <DeferredMenu trigger={<Button aria-label="标签页操作" />}>
          {({ MenuList, MenuItem }) => (
            <MenuList>
              <MenuItem>关闭全部</MenuItem>
            </MenuList>
          )}
        </DeferredMenu>
      </>,
    );
    const user = userEvent.setup();
    await user.tab();
    await user.tab(); // focus reaches the plain trigger: its code is asked for
    await waitFor(() => expect(menuParts.loaded()).toBeDefined());
    // the trigger was swapped for the menu's own (Fluent gives it an id); the focus went with it
    await waitFor(() => expect(screen.getByRole('button', { name: '标签页操作' }).id).not.toBe(''));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '标签页操作' }));
    await user.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: '关闭全部' });
  });

  it('opened by the context menu: a right click before the code arrives opens it, a click does what the control does', async () => {
    const { DeferredMenu } = await fresh();
    const open = vi.fn();
    wrap(
      <DeferredMenu
        openOnContext
        trigger={
          <button type="button" onClick={open}>
            用户管理
          </button>
        }
      >
        {({ MenuList, MenuItem }) => (
          <MenuList>
            <MenuItem>关闭其他</MenuItem>
          </MenuList>
        )}
      </DeferredMenu>,
    );
    const tab = screen.getByRole('button', { name: '用户管理' });
    expect(tab.getAttribute('aria-haspopup')).toBeNull();
    fireEvent.click(tab);
    expect(open).toHaveBeenCalledTimes(1);
    const shown = fireEvent.contextMenu(tab);
    expect(shown).toBe(false); // the browser's own menu is not shown
    await screen.findByRole('menuitem', { name: '关闭其他' });
  });
});

describe('a tooltip loaded after the first paint', () => {
  it('names the control before it arrives, and a pointer already on the control shows it when it does', async () => {
    const { Hint, menuParts } = await fresh();
    wrap(
      <Hint content="切换语言" relationship="label">
        <Button icon={<span />} />
      </Hint>,
    );
    const control = screen.getByRole('button', { name: '切换语言' });
    expect(menuParts.loaded()).toBeUndefined();
    fireEvent.pointerEnter(control);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('切换语言'));
  });

  it('describes a control off for a reason, before and after it arrives', async () => {
    const { Hint } = await fresh();
    wrap(
      <Hint content="您没有权限（缺少 user:del）" relationship="description">
        <Button disabledFocusable>删除</Button>
      </Hint>,
    );
    const control = screen.getByRole('button', { name: '删除' });
    expect(control.getAttribute('aria-description')).toBe('您没有权限（缺少 user:del）');
    control.focus();
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('您没有权限（缺少 user:del）'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '删除' }));
  });
});
