// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { buildMenuModel } from '@/menu/menu-model.ts';
import { TabsContext, keepAliveLogic, useContentScroll } from '@/shell/tabs/keep-alive.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const model = buildMenuModel([
  {
    id: 1,
    name: '系统管理',
    path: '/manage',
    children: [
      { id: 2, name: '用户管理', path: 'users' },
      { id: 3, name: '角色管理', path: 'roles' },
      { id: 4, name: '新页面', path: 'new-page-content-handle' },
    ],
  },
]);

const scrollTo = vi.fn();
function Content({ path }: { path: string }) {
  const ref = useRef<HTMLElement>(null);
  useContentScroll(ref, model, path);
  return <main ref={(el) => void ((ref as { current: HTMLElement | null }).current = el && Object.assign(el, { scrollTo }))} />;
}
const mount = (path: string, kept: string[] = []) =>
  render(
    <TabsContext.Provider logic={keepAliveLogic} options={{ input: { pages: kept } }}>
      <Content path={path} />
    </TabsContext.Provider>,
  );

/** 用户管理, settled, then a move to 角色管理 (neither kept): the clock stands at the move. */
function fromUsersToRoles() {
  vi.useFakeTimers();
  const view = mount('/manage/users');
  act(() => vi.advanceTimersByTime(600));
  scrollTo.mockClear();
  view.rerender(
    <TabsContext.Provider logic={keepAliveLogic} options={{ input: { pages: [] } }}>
      <Content path="/manage/roles" />
    </TabsContext.Provider>,
  );
  return view;
}

describe('content scroll on route change (SPEC 2/9)', () => {
  it('scrolls a page that is not kept to the top 500 ms after the change, not before', () => {
    fromUsersToRoles();
    act(() => vi.advanceTimersByTime(499));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('gives way when focus moves into the page before the reset: what has focus stays in view', () => {
    const view = fromUsersToRoles();
    const main = view.container.querySelector('main')!;
    // Focus on the content itself (the shell's landing focus) does not count.
    main.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    const button = main.appendChild(document.createElement('button'));
    act(() => vi.advanceTimersByTime(200));
    button.focus();
    act(() => vi.advanceTimersByTime(1000));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('resets when only the content itself took focus', () => {
    const view = fromUsersToRoles();
    view.container.querySelector('main')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    act(() => vi.advanceTimersByTime(500));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('leaves new-page-content-handle where it is', () => {
    vi.useFakeTimers();
    scrollTo.mockClear();
    mount('/manage/new-page-content-handle');
    act(() => vi.advanceTimersByTime(1000));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
