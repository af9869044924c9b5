import { useEffect, useLayoutEffect, useRef } from 'react';

/** After the overlay's own focus handling (which may have put focus elsewhere, or nowhere): back to `el`. */
const focusLater = (el: HTMLElement) => requestAnimationFrame(() => el.isConnected && el.focus());

/**
 * Focus goes back to what opened an overlay. Fluent restores focus only to a DialogTrigger; the console's dialogs
 * and drawers are opened by state (a row's button, a page action from the palette), so each records the element
 * that had focus as it opened and hands focus back to it as it closes or unmounts (if still on the page).
 * @example useRestoreFocus(open) // in a controlled Dialog or Drawer component
 */
export function useRestoreFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // Layout effect: the element is read before the overlay moves focus into itself.
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  useEffect(() => {
    if (open || !opener.current) return;
    const el = opener.current;
    opener.current = null;
    const id = focusLater(el);
    return () => cancelAnimationFrame(id);
  }, [open]);
  // A page that unmounts its overlay instead of closing it (not React's development re-mount, which comes back).
  const alive = useRef(false);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      const el = opener.current;
      if (el) requestAnimationFrame(() => !alive.current && el.isConnected && el.focus());
    };
  }, []);
}
