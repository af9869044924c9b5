// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { useState } from 'react';
import { memoryStore } from '@/api/storage.ts';
import { buildMenuModel } from '@/menu/menu-model.ts';
import { pinyinOf } from '@/menu/pinyin.ts';
import { SettingsRegular } from '@fluentui/react-icons';
import { MENU } from '@tests/support/menus.ts';
import { CommandPalette } from '@/shell/navigation/command-palette.tsx';
import {
  PageActionStore,
  PageActionsProvider,
  usePageActions,
  usePermittedPageActions,
  type PageAction,
} from '@/shell/navigation/page-actions.tsx';

afterEach(cleanup);

const model = buildMenuModel(MENU);
const usersRoute = model.routes.find((r) => r.path === '/manage/users')!;

function UsersPage({ actions }: { actions: PageAction[] }) {
  usePageActions(actions);
  return <p>用户列表</p>;
}

function Harness({ actions, onNavigate = () => {} }: { actions: PageAction[]; onNavigate?: (p: string) => void }) {
  const [store] = useState(() => new PageActionStore());
  const [pageShown, setPageShown] = useState(true);
  return (
    <FluentProvider theme={webLightTheme}>
      <PageActionsProvider store={store}>
        {pageShown && <UsersPage actions={actions} />}
        <button onClick={() => setPageShown(false)}>离开页面</button>
        <Palette onNavigate={onNavigate} />
      </PageActionsProvider>
    </FluentProvider>
  );
}

function Palette({ onNavigate }: { onNavigate: (p: string) => void }) {
  const permitted = usePermittedPageActions(usersRoute);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>打开面板</button>
      <CommandPalette
        open={open}
        model={model}
        currentPath="/manage/users"
        actions={permitted.map((a) => ({ id: `button:${a.code}`, label: a.label, trail: ['用户管理'], run: a.run }))}
        store={memoryStore()}
        onClose={() => setOpen(false)}
        onNavigate={onNavigate}
        onAlreadyHere={() => {}}
        pinyin={pinyinOf}
      />
    </>
  );
}

describe('command palette with page actions', () => {
  it('offers only the button actions the route grants, runs one with Enter, and drops them when the page leaves', async () => {
    const user = userEvent.setup();
    const add = vi.fn();
    const exportUsers = vi.fn();
    render(
      <Harness
        actions={[
          { code: 'user:add', label: '新增用户', run: add },
          { code: 'user:export', label: '导出用户', run: exportUsers },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: '打开面板' }));
    const dialog = await screen.findByRole('dialog', { name: '命令面板' });
    const labels = (await within(dialog).findAllByRole('option')).map((o) => o.textContent);
    expect(labels.some((l) => l?.includes('新增用户'))).toBe(true);
    expect(labels.some((l) => l?.includes('导出用户'))).toBe(false);

    await user.type(within(dialog).getByRole('combobox', { name: '命令面板' }), 'xzyh');
    await waitFor(() => expect(within(dialog).getAllByRole('option')[0].textContent).toContain('新增用户'));
    await user.keyboard('{Enter}');
    expect(add).toHaveBeenCalledTimes(1);
    expect(exportUsers).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Fluent keeps the rest of the page aria-hidden until the dialog has fully closed.
    await user.click(await screen.findByRole('button', { name: '离开页面' }));
    await user.click(screen.getByRole('button', { name: '打开面板' }));
    const again = await screen.findByRole('dialog', { name: '命令面板' });
    expect(within(again).queryByText('新增用户')).toBeNull();
  });

  it('navigates to a page with the keyboard', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    render(<Harness actions={[]} onNavigate={onNavigate} />);
    await user.click(screen.getByRole('button', { name: '打开面板' }));
    const dialog = await screen.findByRole('dialog', { name: '命令面板' });
    await user.type(within(dialog).getByRole('combobox'), 'jsgl');
    await waitFor(() => expect(within(dialog).getAllByRole('option')[0].getAttribute('aria-selected')).toBe('true'));
    const row = within(dialog).getAllByRole('option')[0];
    expect(row.textContent).toContain('角色管理');
    // The row shows its menu entry's icon (系统管理's), not a placeholder glyph.
    expect(row.textContent).not.toMatch(/[□⚡]/);
    const svg = row.querySelector('svg[aria-hidden="true"]');
    const { container } = render(<SettingsRegular />);
    expect(svg?.innerHTML).toBe(container.querySelector('svg')!.innerHTML);
    await user.keyboard('{Enter}');
    expect(onNavigate).toHaveBeenCalledWith('/manage/roles');
  });

  it('renders at most 50 rows and counts the rest', async () => {
    const user = userEvent.setup();
    const big = buildMenuModel([
      {
        id: 1,
        name: '报表',
        path: '/r',
        children: Array.from({ length: 120 }, (_, i) => ({ id: 10 + i, name: `报表 ${i}`, path: `p${i}` })),
      },
    ]);
    render(
      <FluentProvider theme={webLightTheme}>
        <CommandPalette
          open
          model={big}
          currentPath="/"
          actions={[]}
          store={memoryStore()}
          onClose={() => {}}
          onNavigate={() => {}}
          onAlreadyHere={() => {}}
          pinyin={pinyinOf}
        />
      </FluentProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: '命令面板' });
    await user.type(within(dialog).getByRole('combobox'), 'baobiao');
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(50));
    expect(within(dialog).getByText('另有 70 项，请继续输入以缩小范围')).toBeTruthy();
  });
});
