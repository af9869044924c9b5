// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Toasts, toastBus } from '@/shell/toast.tsx';

// The toaster's chunk, as a marker: these tests are about when it is loaded, not what it shows.
vi.mock('@/shell/toast-host.tsx', () => ({ default: () => <div data-testid="toaster" /> }));

// The chunk is here before each test, and the browser is idle at once: a toaster that loads while idle would be on
// screen within a frame, so its absence after a settle means it waits for the user.
beforeAll(async () => {
  await import('@/shell/toast-host.tsx');
});
beforeEach(() => {
  Object.assign(window, { requestIdleCallback: (cb: () => void) => (cb(), 1), cancelIdleCallback: () => {} });
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(window, 'requestIdleCallback');
  Reflect.deleteProperty(window, 'cancelIdleCallback');
});

/** Lets effects, idle callbacks and the lazy chunk settle. */
const settle = () => new Promise((r) => setTimeout(r, 600));

describe('when the toaster loads', () => {
  it('on a public page: not while idle, but at the first key the user presses there', async () => {
    render(<Toasts preload="engaged" />);
    await settle();
    expect(screen.queryByTestId('toaster')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'a' });
    await screen.findByTestId('toaster');
  });

  it('on a public page: at the first pointer press as well', async () => {
    render(<Toasts preload="engaged" />);
    await settle();
    expect(screen.queryByTestId('toaster')).toBeNull();
    fireEvent.pointerDown(document.body);
    await screen.findByTestId('toaster');
  });

  it('in the shell: once the browser is idle after its first frame, with no key pressed', async () => {
    render(<Toasts preload="idle" />);
    await screen.findByTestId('toaster');
  });

  it('while booting: only when a message wants it', async () => {
    render(<Toasts preload={false} />);
    fireEvent.keyDown(document.body, { key: 'a' });
    await settle();
    expect(screen.queryByTestId('toaster')).toBeNull();
    toastBus.push({ message: '登录已失效', level: 'warning', duration: 3000 });
    await screen.findByTestId('toaster');
  });
});
