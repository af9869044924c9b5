// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { PageRouteContext, PermissionButton, PermissionLink, ReasonButton } from '@/shell/session/permission-button.tsx';
import { PermissionSwitch } from '@/shell/session/permission-switch.tsx';
import { DataTable } from '@/kit/table/data-table.tsx';
import { actionsColumn } from '@/kit/list/row-actions.tsx';

afterEach(cleanup);

const granted = { needButtonPermission: true, buttons: ['user:edit', 'user:del'] };
const denied = { needButtonPermission: true, buttons: [] };
const wrap = (ui: React.ReactNode) => render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);

describe('permission controls (SPEC 5)', () => {
  it("a control on a page checks the page's route; outside a page it is denied unless it names one", () => {
    wrap(
      <>
        <PageRouteContext value={granted}>
          <PermissionButton code="user:edit">页内编辑</PermissionButton>
          <PermissionButton code="user:edit" route={denied}>
            另一路由
          </PermissionButton>
        </PageRouteContext>
        <PermissionButton code="user:edit">页外编辑</PermissionButton>
      </>,
    );
    expect(screen.getByRole('button', { name: '页内编辑' }).getAttribute('aria-disabled')).toBeNull();
    expect(screen.getByRole('button', { name: '另一路由' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: '页外编辑' }).getAttribute('aria-disabled')).toBe('true');
  });

  it("the actions column is titled 操作 by the kit and its buttons follow the page's grants", () => {
    const rows = [{ id: 1, name: '短信宝' }];
    wrap(
      <PageRouteContext value={{ needButtonPermission: true, buttons: ['user:edit'] }}>
        <DataTable
          label="平台"
          rowKey={(r) => r.id}
          data={{ rows, loading: false, failed: false, reload: () => {} }}
          columns={[
            { key: 'name', title: '名称', width: 100, render: (r) => r.name },
            actionsColumn<(typeof rows)[number]>({
              width: 120,
              name: (r) => r.name,
              actions: () => [
                { code: 'user:edit', label: '编辑', run: () => {} },
                { code: 'user:del', label: '删除', run: () => {} },
              ],
            }),
          ]}
        />
      </PageRouteContext>,
    );
    expect(screen.getByRole('columnheader', { name: '操作' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '编辑 短信宝' }).getAttribute('aria-disabled')).toBeNull();
    expect(screen.getByRole('button', { name: '删除 短信宝' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('a denied button, link or switch is disabled, says 您没有权限, and does nothing', async () => {
    const click = vi.fn();
    wrap(
      <>
        <PermissionButton code="user:del" route={denied} onClick={click}>
          删除
        </PermissionButton>
        <PermissionLink code="user:edit" route={denied} onClick={click}>
          编辑
        </PermissionLink>
        <PermissionSwitch code="user:edit" route={denied} checked onChange={click} label="状态" />
      </>,
    );
    const user = userEvent.setup();
    for (const name of ['删除', '编辑']) {
      const control = screen.getByRole('button', { name });
      expect(control.getAttribute('aria-disabled')).toBe('true');
      await user.click(control);
    }
    // Focusable, so its reason can be read from the keyboard; a click changes nothing.
    const toggle = screen.getByRole('switch', { name: '状态' }) as HTMLInputElement;
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
    await user.click(toggle);
    expect(click).not.toHaveBeenCalled();
    toggle.focus();
    await waitFor(() => expect(screen.getAllByRole('tooltip').map((x) => x.textContent)).toContain('您没有权限（缺少 user:edit）'));
    await user.hover(screen.getByRole('button', { name: '编辑' }));
    expect((await screen.findAllByText('您没有权限（缺少 user:edit）')).length).toBeGreaterThan(0);
  });

  it('a granted control works, and a del/dele/delete code is styled as danger only while usable', async () => {
    const click = vi.fn();
    wrap(
      <>
        <PermissionButton code="user:del" route={granted} onClick={click}>
          删除
        </PermissionButton>
        <PermissionLink code="user:edit" route={granted} onClick={click}>
          编辑
        </PermissionLink>
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '删除' }));
    await user.click(screen.getByRole('button', { name: '编辑' }));
    expect(click).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: '删除' }).className).not.toBe(
      wrap(
        <PermissionButton code="user:del" route={denied}>
          删除2
        </PermissionButton>,
      ).getByRole('button', { name: '删除2' }).className,
    );
  });

  it('a control off for a reason says it on focus and does nothing; busy is plainly disabled', async () => {
    const change = vi.fn();
    const click = vi.fn();
    wrap(
      <>
        <PermissionSwitch code="user:edit" route={granted} checked onChange={change} label="我的状态" unavailable="不能停用自己的账号" />
        <ReasonButton reason="还没有修改" onClick={click}>
          保存
        </ReasonButton>
        <ReasonButton reason="还没有修改" disabled onClick={click}>
          重置
        </ReasonButton>
      </>,
    );
    const user = userEvent.setup();
    const own = screen.getByRole('switch', { name: '我的状态' });
    await user.click(own);
    expect(change).not.toHaveBeenCalled();
    own.focus();
    await waitFor(() => expect(screen.getAllByRole('tooltip').map((x) => x.textContent)).toContain('不能停用自己的账号'));
    const save = screen.getByRole('button', { name: '保存' });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    await user.click(save);
    expect(click).not.toHaveBeenCalled();
    save.focus();
    await waitFor(() => expect(screen.getAllByRole('tooltip').map((x) => x.textContent)).toContain('还没有修改'));
    expect((screen.getByRole('button', { name: '重置' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
