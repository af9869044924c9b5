// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { useConfirm } from '@/kit/page/confirm.tsx';
import { emptyState } from '@/kit/list/filter-bar.tsx';
import { RowActions } from '@/kit/list/row-actions.tsx';
import { DataTable, pinOf } from '@/kit/table/data-table.tsx';
import { FileDrop } from '@/kit/form/controls/file-drop.tsx';
import { Pagination } from '@/kit/list/pagination.tsx';
import { fireEvent } from '@testing-library/react';
import { useFilters, type Filters } from '@/kit/list/use-filters.ts';
import { usePageData, type PageAsked } from '@/kit/list/use-list.ts';
import { toastBus, type ToastMessage } from '@/shell/toast-bus.ts';

afterEach(cleanup);
const wrap = (ui: React.ReactNode) => render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);

describe('the kit’s row actions', () => {
  const denied = { needButtonPermission: true, buttons: ['x:edit'] };
  it('gates each action by its code, never a read, and says why one is unavailable', async () => {
    const run = vi.fn();
    wrap(
      <RowActions
        route={denied}
        name="甲"
        actions={[
          { code: 'x:detail', label: '详情', read: true, run },
          { code: 'x:edit', label: '编辑', run },
          { code: 'x:del', label: '删除', run },
          { code: 'x:unlock', label: '解锁', hidden: true, run },
          { code: 'x:submit', label: '提交', unavailable: '已提交的不能再提交', run },
        ]}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '详情 甲' }));
    await user.click(screen.getByRole('button', { name: '编辑 甲' }));
    expect(run).toHaveBeenCalledTimes(2);
    // not granted: disabled, still in its place
    expect(screen.getByRole('button', { name: '删除 甲' }).getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('button', { name: '删除 甲' }));
    expect(screen.queryByRole('button', { name: '解锁 甲' })).toBeNull();
    const submit = screen.getByRole('button', { name: '提交 甲' });
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    await user.click(submit);
    expect(run).toHaveBeenCalledTimes(2);
    await user.hover(submit);
    await screen.findByText('已提交的不能再提交');
  });
});

describe('useConfirm', () => {
  const said: ToastMessage[] = [];
  let detach: () => void;
  beforeEach(() => {
    said.length = 0;
    detach = toastBus.attach((m) => said.push(m));
  });
  afterEach(() => detach());

  function Asker({ run, then, quiet }: { run: () => Promise<unknown>; then: () => void; quiet?: boolean }) {
    const [ask, dialog] = useConfirm();
    return (
      <>
        <button onClick={() => ask({ message: '确定删除甲吗？', run, then, quiet })}>删除</button>
        {dialog}
      </>
    );
  }

  it('asks first; 取消 makes no call; 确定 makes it, says 操作成功 once and reloads', async () => {
    const run = vi.fn(() => Promise.resolve());
    const then = vi.fn();
    wrap(<Asker run={run} then={then} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '删除' }));
    await screen.findByText('确定删除甲吗？');
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(run).not.toHaveBeenCalled();
    // The closing dialog keeps the page hidden from the accessibility tree until it has gone: wait for the button.
    await user.click(await screen.findByRole('button', { name: '删除' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    await vi.waitFor(() => expect(then).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(run).toHaveBeenCalledTimes(1);
    expect(said.map((m) => [m.message, m.level])).toEqual([['操作成功', 'success']]);
  });

  it('a refused call says nothing more (the shell did) and does not reload; a quiet one says nothing itself', async () => {
    const then = vi.fn();
    const user = userEvent.setup();
    const { unmount } = wrap(<Asker run={() => Promise.reject(new Error('refused'))} then={then} />);
    await user.click(screen.getByRole('button', { name: '删除' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(then).not.toHaveBeenCalled();
    expect(said).toEqual([]);
    unmount();
    wrap(<Asker run={() => Promise.resolve()} then={then} quiet />);
    await user.click(screen.getByRole('button', { name: '删除' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    await vi.waitFor(() => expect(then).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(said).toEqual([]);
  });
});

describe('pinned columns', () => {
  it('pins the first column left and the actions right unless a column says otherwise', () => {
    const cols = [
      { key: 'name' },
      { key: 'phone' },
      { key: 'actions' },
      { key: 'note', pin: 'left' as const },
      { key: 'actions', pin: false as const },
    ];
    expect(cols.map((c, i) => pinOf(c, i))).toEqual(['left', false, 'right', 'left', false]);
  });
});

describe('cut-off cells', () => {
  it('a cell of plain text keeps to one line with its whole text on hover; a cell of controls keeps its layout', () => {
    const rows = [{ id: 1, name: '华东大区门店运营与会员增长负责人', note: null as string | null, count: 12 }];
    wrap(
      <DataTable
        label="门店"
        rowKey={(r) => r.id}
        rows={rows}
        columns={[
          { key: 'name', title: '名称', width: 80, render: (r) => r.name },
          { key: 'count', title: '数量', width: 60, render: (r) => r.count },
          { key: 'note', title: '备注', width: 80, render: (r) => <code>{r.note ?? '--'}</code>, ellipsis: (r) => r.note },
          { key: 'go', title: '去', width: 80, render: () => <button type="button">打开</button> },
        ]}
      />,
    );
    const cells = screen.getAllByRole('cell');
    expect(cells[0].querySelector('[title]')?.getAttribute('title')).toBe('华东大区门店运营与会员增长负责人');
    expect(cells[1].querySelector('[title]')?.getAttribute('title')).toBe('12');
    // declared: one line, but no empty hover text
    expect(cells[2].firstElementChild?.hasAttribute('title')).toBe(false);
    expect(cells[2].firstElementChild?.tagName).toBe('DIV');
    expect(cells[3].querySelector('[title]')).toBeNull();
    expect(cells[3].firstElementChild?.tagName).toBe('BUTTON');
  });
});

describe('FileDrop', () => {
  it('takes a dropped file or a chosen one, and says which and how large', async () => {
    const chosen: Array<File | null> = [];
    const { rerender } = wrap(
      <FileDrop label="选择文件" hint=".xlsx，不超过 5 MB" accept=".xlsx" file={null} onFile={(f) => chosen.push(f)} />,
    );
    const input = screen.getByLabelText('选择文件') as HTMLInputElement;
    expect(input.type).toBe('file');
    const sheet = new File([new Uint8Array(1536)], 'users.xlsx');
    fireEvent.drop(input.closest('label')!, { dataTransfer: { files: [sheet] } });
    await userEvent.upload(input, new File(['x'], 'other.xlsx'));
    expect(chosen.map((f) => f?.name)).toEqual(['users.xlsx', 'other.xlsx']);
    rerender(
      <FluentProvider theme={webLightTheme}>
        <FileDrop label="选择文件" hint=".xlsx，不超过 5 MB" accept=".xlsx" file={sheet} onFile={() => {}} />
      </FluentProvider>,
    );
    screen.getByText('已选择：users.xlsx（1.5 KB）');
    screen.getByText('.xlsx，不超过 5 MB');
  });
});

describe('useFilters', () => {
  beforeEach(() => {
    window.location.hash = '#/manage/logs?tab=sms&phone=138';
  });

  it('types into a draft, applies it trimmed, and resets all but the kept filters', async () => {
    const { result } = renderHook(() => useFilters('/manage/logs', ['tab', 'phone', 'result'], { keep: ['tab'] }));
    expect(result.current.list.filters).toEqual({ tab: 'sms', phone: '138', result: '' });
    expect(result.current.filtered).toBe(true);
    act(() => result.current.edit('result', ' failure '));
    // typed, not applied
    expect(result.current.list.filters.result).toBe('');
    act(() => result.current.search());
    await vi.waitFor(() => expect(result.current.list.filters).toEqual({ tab: 'sms', phone: '138', result: 'failure' }), {
      timeout: 10_000,
    });
    expect(window.location.hash).toContain('result=failure');
    act(() => result.current.reset());
    await vi.waitFor(() => expect(result.current.list.filters).toEqual({ tab: 'sms', phone: '', result: '' }), { timeout: 10_000 });
    expect(result.current.filtered).toBe(false);
    expect(result.current.draft).toEqual({ tab: 'sms', phone: '', result: '' });
  });

  it('a preset applies its fields together with what was typed', async () => {
    window.location.hash = '#/manage/logs?tab=sms';
    const { result } = renderHook(() => useFilters('/manage/logs', ['tab', 'phone', 'from', 'to'], { keep: ['tab'] }));
    act(() => result.current.edit('phone', ' 139 '));
    act(() => result.current.apply({ from: '2026-11-17', to: '2026-11-23' }));
    await vi.waitFor(
      () => expect(result.current.list.filters).toEqual({ tab: 'sms', phone: '139', from: '2026-11-17', to: '2026-11-23' }),
      { timeout: 10_000 },
    );
    expect(result.current.draft).toEqual({ tab: 'sms', phone: '139', from: '2026-11-17', to: '2026-11-23' });
  });

  it('keeps words typed but not searched when the page is left and reached again through the menu', async () => {
    window.location.hash = '#/manage/users';
    const { result } = renderHook(() => useFilters('/manage/users', ['keyword']));
    act(() => result.current.edit('keyword', '张'));
    act(() => {
      window.location.hash = '#/manage/roles';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    act(() => {
      window.location.hash = '#/manage/users';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current.draft.keyword).toBe('张');
    // a filter applied elsewhere (a link) replaces what was typed
    act(() => {
      window.location.hash = '#/manage/users?keyword=李';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await vi.waitFor(() => expect(result.current.draft.keyword).toBe('李'), { timeout: 10_000 });
  });

  it('an empty list says it is filtered and offers 重置, else its own reason and action', () => {
    const filters = { filtered: true, reset: vi.fn() } as unknown as Filters;
    const filtered = emptyState(filters, { reason: '还没有', filteredReason: '没有符合条件的', action: 'add' });
    expect(filtered.reason).toBe('没有符合条件的');
    wrap(<>{filtered.action}</>);
    screen.getByRole('button', { name: '重置' }).click();
    expect(filters.reset).toHaveBeenCalled();
    expect(emptyState({ ...filters, filtered: false }, { reason: '还没有', filteredReason: '没有符合条件的', action: 'add' })).toEqual({
      reason: '还没有',
      action: 'add',
    });
  });
});

describe('the page builder’s keys', () => {
  it('nudges, deletes, undoes and redoes, and lets go, each key as the builder asks', async () => {
    const { keyCommand } = await import('@/features/pages/builder-logic.ts');
    const key = (k: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({
      key: k,
      shiftKey: false,
      ctrlKey: false,
      metaKey: false,
      ...mods,
    });
    expect(keyCommand(key('ArrowLeft'), true)).toEqual({ type: 'NUDGE', dx: -1, dy: 0 });
    expect(keyCommand(key('ArrowDown', { shiftKey: true }), true)).toEqual({ type: 'NUDGE', dx: 0, dy: 10 });
    expect(keyCommand(key('ArrowUp'), false)).toBeNull();
    expect(keyCommand(key('Backspace'), true)).toEqual({ type: 'DELETE' });
    expect(keyCommand(key('Delete'), false)).toBeNull();
    expect(keyCommand(key('z', { ctrlKey: true }), false)).toEqual({ type: 'UNDO' });
    expect(keyCommand(key('Z', { metaKey: true, shiftKey: true }), false)).toEqual({ type: 'REDO' });
    expect(keyCommand(key('z'), true)).toBeNull();
    expect(keyCommand(key('Escape'), false)).toEqual({ type: 'DESELECT' });
    expect(keyCommand(key('toString'), true)).toBeNull();
  });
});

describe('a form whose rules are a resource schema (useSchemaForm)', () => {
  it('marks a field required exactly when the schema refuses it blank, and checks the body it would send', async () => {
    const { useSchemaForm } = await import('@/kit/form/use-form.ts');
    const { smsPlatformSave, SMS_PLATFORM_FORM_FIELDS } = await import('@/api/schema/system/sms-platform.ts');
    const initial = { name: '', endpoint: '', accessKey: '', secret: '', signName: '', template: '', active: false };
    const bodyOf = (id: number | null) => (v: typeof initial) => ({
      ...(id === null ? {} : { id }),
      type: 'http',
      name: v.name,
      endpoint: v.endpoint,
      accessKey: v.accessKey,
      secret: v.secret,
      signName: v.signName,
      templates: { verify_code: v.template },
      active: v.active,
    });
    const added = renderHook(() => useSchemaForm(initial, smsPlatformSave, bodyOf(null), SMS_PLATFORM_FORM_FIELDS)).result;
    const required = (form: typeof added) => Object.keys(initial).filter((f) => form.current.required?.(f as keyof typeof initial));
    // the secret of a new platform too: its rule across fields runs as soon as id and secret are well-formed
    expect(required(added)).toEqual(['name', 'endpoint', 'secret', 'signName', 'template']);
    const edited = renderHook(() => useSchemaForm(initial, smsPlatformSave, bodyOf(7), SMS_PLATFORM_FORM_FIELDS)).result;
    expect(required(edited)).toEqual(['name', 'endpoint', 'signName', 'template']);
    // the template's problem lands under the form's own field (renamed from templates.verify_code)
    act(() => edited.current.blur('template'));
    expect(edited.current.error('template')).toBe('请填写验证码短信的模板编号');
    act(() => edited.current.set('template', 'SMS_1'));
    expect(edited.current.error('template')).toBeUndefined();
  });
});

describe('the pager’s count', () => {
  it('says an exact count as 共 N 条, an estimate as 约 N 条, and a bare lower bound as 超过 10,000 条', () => {
    const onChange = vi.fn();
    const view = wrap(<Pagination count={42} page={1} size={20} onChange={onChange} />);
    screen.getByText('共 42 条');
    view.rerender(
      <FluentProvider theme={webLightTheme}>
        <Pagination count={250_088} estimated page={1} size={20} onChange={onChange} />
      </FluentProvider>,
    );
    screen.getByText('约 250,088 条');
    view.rerender(
      <FluentProvider theme={webLightTheme}>
        <Pagination count={10_001} estimated page={1} size={20} onChange={onChange} />
      </FluentProvider>,
    );
    screen.getByText('超过 10,000 条');
  });
});

describe('usePageData', () => {
  it('sends the last page’s cursor when the next page follows it under the same filters and size; else asks by number', async () => {
    const asked: PageAsked[] = [];
    const load = (page: PageAsked) => {
      asked.push(page);
      return Promise.resolve({ rows: [page.pageNum], count: 100, next: `after-${page.pageNum}` });
    };
    const { result, rerender } = renderHook(
      (p: { page: number; size: number; keyword: string }) =>
        usePageData({ page: p.page, size: p.size }, (page) => load(page), [p.keyword]),
      { initialProps: { page: 1, size: 10, keyword: '' } },
    );
    const settled = async (n: number) =>
      vi
        .waitFor(() => expect(asked).toHaveLength(n), { timeout: 10_000 })
        .then(() => vi.waitFor(() => expect(result.current.loading).toBe(false), { timeout: 10_000 }));
    await settled(1);
    // each step asks once more
    const to = async (page: number, size: number, keyword = '') => {
      const next = asked.length + 1;
      rerender({ page, size, keyword });
      await settled(next);
    };
    await to(2, 10);
    await to(3, 10);
    // back a page, a jump, another size, another filter: by number
    await to(2, 10);
    await to(7, 10);
    await to(8, 20);
    await to(8, 20, 'li');
    // a reload of the same page: by number
    act(() => result.current.reload());
    await settled(8);
    expect(asked).toEqual([
      { pageNum: 1, pageSize: 10 },
      { pageNum: 2, pageSize: 10, after: 'after-1' },
      { pageNum: 3, pageSize: 10, after: 'after-2' },
      { pageNum: 2, pageSize: 10 },
      { pageNum: 7, pageSize: 10 },
      { pageNum: 8, pageSize: 20 },
      { pageNum: 8, pageSize: 20 },
      { pageNum: 8, pageSize: 20 },
    ]);
  });

  it('asks by number after an answer without a cursor (a list whose server does not give one)', async () => {
    const asked: PageAsked[] = [];
    const { rerender, result } = renderHook(
      (p: { page: number }) =>
        usePageData({ page: p.page, size: 10 }, (page) => (asked.push(page), Promise.resolve({ rows: [], count: 30 })), []),
      { initialProps: { page: 1 } },
    );
    await vi.waitFor(() => expect(result.current.loading).toBe(false), { timeout: 10_000 });
    rerender({ page: 2 });
    await vi.waitFor(() => expect(asked).toHaveLength(2), { timeout: 10_000 });
    expect(asked[1]).toEqual({ pageNum: 2, pageSize: 10 });
  });
});
