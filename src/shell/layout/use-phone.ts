import { useSyncExternalStore } from 'react';

/** Below this width the console is laid out for a phone: the side menu is a drawer and the top bar a menu. */
export const PHONE_QUERY = '(max-width: 767px)';

const media = () => (typeof matchMedia === 'function' ? matchMedia(PHONE_QUERY) : null);

const subscribe = (listener: () => void) => {
  const m = media();
  m?.addEventListener('change', listener);
  return () => m?.removeEventListener('change', listener);
};

/** Whether the window is phone-sized now (it follows a rotation or a resized window). */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false);
}
