/** The one toaster of the app (toast-host.tsx); every message of the shell goes through it. */
export const TOASTER_ID = 'app-toaster';

export type ToastLevel = 'success' | 'info' | 'warning' | 'error';

export interface ToastMessage {
  message: string;
  level: ToastLevel;
  duration: number;
}

/**
 * Messages wait here until the toaster is on screen. The toaster (Fluent's Toaster, its motion and portal: a fifth
 * of the login route's script) is its own chunk, fetched with the first message or right after the first paint, so
 * the login form paints without it; a message sent before it arrives is shown as soon as it does, none is lost.
 */
class ToastBus {
  private queue: ToastMessage[] = [];
  private listener: ((m: ToastMessage) => void) | null = null;
  private wanted: (() => void) | null = null;
  push(m: ToastMessage) {
    if (this.listener) this.listener(m);
    else {
      this.queue.push(m);
      this.wanted?.();
    }
  }
  /** The host takes the messages: the queued ones first. */
  attach(fn: (m: ToastMessage) => void) {
    this.listener = fn;
    for (const m of this.queue.splice(0)) fn(m);
    return () => {
      if (this.listener === fn) this.listener = null;
    };
  }
  /** Called when a message waits and no host is mounted yet. */
  onWanted(fn: (() => void) | null) {
    this.wanted = fn;
    if (fn && this.queue.length) fn();
  }
}
export const toastBus = new ToastBus();
