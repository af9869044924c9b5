// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { EXPORT_LIMITS } from '@/api/contract/jobs.ts';
import type { ListData } from '@/kit/list/use-list.ts';
import { useListPage, type ListPageSpec } from '@/kit/page/use-list-page.tsx';
import { LoadingContext } from '@/shell/layout/loading.tsx';
import { toastBus, type ToastMessage } from '@/shell/toast-bus.ts';

// The export dialog says times in the tenant's zone, which the signed-in session holds.
vi.mock('@/shell/time-zone.ts', () => ({ useTimeZone: () => 'Asia/Shanghai', useFormatInstant: () => (v: unknown) => String(v) }));

interface Row {
  id: number;
  name: string;
}
const ROWS: Row[] = [
  { id: 1, name: '甲' },
  { id: 2, name: '乙' },
  { id: 3, name: '丙' },
];

const said: ToastMessage[] = [];
let detach: () => void;
beforeEach(() => {
  said.length = 0;
  detach = toastBus.attach((m) => said.push(m));
});
afterEach(() => {
  detach();
  cleanup();
});

const dataOf = (reload: () => void, count = ROWS.length): ListData<Row, unknown> => ({
  rows: ROWS,
  count,
  answer: null,
  loading: false,
  failed: false,
  reload,
});

/** A list page made of the hook alone: a button per thing it does, and its dialogs. */
function Page({ spec, change, message }: { spec: ListPageSpec<Row, Row, Row>; change?: (r: Row) => Promise<unknown>; message?: string }) {
  const page = useListPage(spec);
  return (
    <>
      <button onClick={() => page.each(ROWS.slice(0, 2), change ?? (() => Promise.resolve()), message)}>批量</button>
      <button onClick={() => page.confirm('确定撤回甲吗？', () => Promise.resolve())}>撤回</button>
      <button onClick={page.add}>新增</button>
      <button onClick={() => page.edit(ROWS[0]!)}>编辑</button>
      <button onClick={() => page.showDetail(ROWS[1]!)}>详情</button>
      <button onClick={page.startImport}>导入</button>
      <button onClick={page.exportList}>导出</button>
      {page.dialogs}
    </>
  );
}
const show = (ui: React.ReactNode) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <LoadingContext.Provider>{ui}</LoadingContext.Provider>
    </FluentProvider>,
  );
const Form = ({ row, onClose }: { row: Row | null; onClose: () => void }) => (
  <div role="dialog" aria-label="表单">
    {row ? `编辑${row.name}` : '新的一行'}
    <button onClick={onClose}>关掉</button>
  </div>
);

describe('useListPage, the kit’s list hook', () => {
  it('a change to each row without a message runs at once: one call per row, one message for the batch, one reload', async () => {
    const reload = vi.fn();
    const change = vi.fn((r: Row) => (r.id === 2 ? Promise.reject(new Error('refused')) : Promise.resolve()));
    show(<Page spec={{ data: dataOf(reload) }} change={change} />);
    await userEvent.click(await screen.findByRole('button', { name: '批量' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(change.mock.calls.map(([r]) => r.id)).toEqual([1, 2]);
    await waitFor(() => expect(said.map((m) => m.message)).toEqual(['已处理 1 项，1 项失败']));
    await waitFor(() => expect(said[0]!.level).toBe('warning'));
  });

  it('a change with a message is confirmed first: 取消 makes no call; 确定 makes them and says so once', async () => {
    const reload = vi.fn();
    const change = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    show(<Page spec={{ data: dataOf(reload) }} change={change} message="确定删除选中的 2 项吗？" />);
    await user.click(await screen.findByRole('button', { name: '批量' }));
    await screen.findByText('确定删除选中的 2 项吗？');
    await user.click(await screen.findByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('确定删除选中的 2 项吗？')).toBeNull());
    expect(change).not.toHaveBeenCalled();
    // back on the page once the dialog has gone (its exit keeps the page hidden from assistive technology meanwhile)
    await user.click(await screen.findByRole('button', { name: '批量' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(change).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(said.map((m) => m.message)).toEqual(['已处理 2 项，0 项失败']));
  });

  it('one confirmed call says 操作成功 and reloads', async () => {
    const reload = vi.fn();
    const user = userEvent.setup();
    show(<Page spec={{ data: dataOf(reload) }} />);
    await user.click(await screen.findByRole('button', { name: '撤回' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(said.map((m) => m.message)).toEqual(['操作成功']));
  });

  it('新增 and 编辑 open the page’s form; 编辑 reads the row fresh first, and a failed read opens nothing', async () => {
    const user = userEvent.setup();
    let fail = false;
    const toEdit = vi.fn((r: Row) => (fail ? Promise.reject(new Error('gone')) : Promise.resolve({ ...r, name: `${r.name}（最新）` })));
    show(<Page spec={{ data: dataOf(vi.fn()), toEdit, form: (p) => <Form {...p} /> }} />);
    expect(screen.queryByRole('dialog', { name: '表单' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: '新增' }));
    expect((await screen.findByRole('dialog', { name: '表单' })).textContent).toContain('新的一行');
    await user.click(await screen.findByRole('button', { name: '关掉' }));
    await user.click(await screen.findByRole('button', { name: '编辑' }));
    expect((await screen.findByRole('dialog', { name: '表单' })).textContent).toContain('编辑甲（最新）');
    await user.click(await screen.findByRole('button', { name: '关掉' }));
    fail = true;
    await user.click(await screen.findByRole('button', { name: '编辑' }));
    await waitFor(() => expect(toEdit).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('dialog', { name: '表单' })).toBeNull();
  });

  it('a row’s 编辑 and 删除 actions: the form for that row; 删除 asks the page’s question, then removes and reloads', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    const remove = vi.fn(() => Promise.resolve());
    function RowActions() {
      const page = useListPage({ data: dataOf(reload), form: (p) => <Form {...p} /> });
      const actions = [page.editAction(ROWS[1]!, 'thing:edit'), page.deleteAction('thing:del', '确定删除乙吗？', remove)];
      return (
        <>
          {actions.map((a) => (
            <button key={a.code} data-code={a.code} onClick={a.run}>
              {a.label}
            </button>
          ))}
          {page.dialogs}
        </>
      );
    }
    show(<RowActions />);
    expect(screen.getByRole('button', { name: '编辑' }).dataset.code).toBe('thing:edit');
    expect(screen.getByRole('button', { name: '删除' }).dataset.code).toBe('thing:del');
    await user.click(await screen.findByRole('button', { name: '编辑' }));
    expect((await screen.findByRole('dialog', { name: '表单' })).textContent).toContain('编辑乙');
    await user.click(await screen.findByRole('button', { name: '关掉' }));
    await user.click(await screen.findByRole('button', { name: '删除' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('确定删除乙吗？');
    expect(remove).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('详情 reads the row and shows its terms until 关闭', async () => {
    const user = userEvent.setup();
    const load = vi.fn((r: Row) => Promise.resolve({ ...r, name: `${r.name}的全名` }));
    show(<Page spec={{ data: dataOf(vi.fn()), detail: { title: '详情', load, items: (d) => [['名称', d.name]] } }} />);
    await user.click(await screen.findByRole('button', { name: '详情' }));
    await screen.findByText('乙的全名');
    expect(load).toHaveBeenCalledWith(ROWS[1]);
    await user.click(await screen.findByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByText('乙的全名')).toBeNull());
  });

  it('导入 opens the page’s import dialog; rows imported reload the list', async () => {
    const reload = vi.fn();
    const user = userEvent.setup();
    show(
      <Page
        spec={{
          data: dataOf(reload),
          importer: ({ open, onClose, onImported }) =>
            open && (
              <div role="dialog" aria-label="导入">
                <button onClick={onImported}>导入完成</button>
                <button onClick={onClose}>关掉</button>
              </div>
            ),
        }}
      />,
    );
    expect(screen.queryByRole('dialog', { name: '导入' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: '导入' }));
    await user.click(await screen.findByRole('button', { name: '导入完成' }));
    expect(reload).toHaveBeenCalledTimes(1);
    await user.click(await screen.findByRole('button', { name: '关掉' }));
    expect(screen.queryByRole('dialog', { name: '导入' })).toBeNull();
  });

  it('导出 writes a list at the limit in the browser, and starts a server job with the list’s query beyond it', async () => {
    const user = userEvent.setup();
    const inBrowser = vi.fn();
    const start = vi.fn(() => new Promise<never>(() => undefined));
    const exporter = (count: number) => ({
      data: dataOf(vi.fn(), count),
      exporter: { label: '用户', jobs: () => ({ start, status: start, cancel: start }), deps: [], query: { keyword: '甲' }, inBrowser },
    });
    const { rerender } = show(<Page spec={exporter(EXPORT_LIMITS.browserMaxRows)} />);
    await user.click(await screen.findByRole('button', { name: '导出' }));
    expect(inBrowser).toHaveBeenCalledTimes(1);
    expect(start).not.toHaveBeenCalled();
    rerender(
      <FluentProvider theme={webLightTheme}>
        <LoadingContext.Provider>
          <Page spec={exporter(EXPORT_LIMITS.browserMaxRows + 1)} />
        </LoadingContext.Provider>
      </FluentProvider>,
    );
    await user.click(await screen.findByRole('button', { name: '导出' }));
    await waitFor(() => expect(start).toHaveBeenCalledWith({ keyword: '甲' }));
    expect(inBrowser).toHaveBeenCalledTimes(1);
    await screen.findByRole('dialog');
  });

  it('a list without 导出 has nothing to export', async () => {
    const user = userEvent.setup();
    show(<Page spec={{ data: dataOf(vi.fn()) }} />);
    await user.click(await screen.findByRole('button', { name: '导出' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
