// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { PermissionButton, PermissionLink, PermissionSwitch } from '../../src/shell/session/permission-button.tsx';

afterEach(cleanup);

const granted = { needButtonPermission: true, buttons: ['user:edit', 'user:del'] };
const denied = { needButtonPermission: true, buttons: [] };
const wrap = (ui: React.ReactNode) => render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);

describe('permission controls (SPEC 5)', () => {
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
    expect((screen.getByRole('switch', { name: '状态' }) as HTMLInputElement).disabled).toBe(true);
    expect(click).not.toHaveBeenCalled();
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
});
