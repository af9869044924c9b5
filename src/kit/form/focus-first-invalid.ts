import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a refused submit the user's eyes go to the first problem: `ask()` focuses the first invalid field inside
 * `ref` once the messages are on screen. It runs in an effect, after the commit that shows them: a frame timer
 * (the earlier way) fired before that commit on a busy machine, found no invalid field and left focus on the page.
 */
export function useFocusFirstInvalid<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!asked) return;
    const invalid = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid?.matches('input, select, textarea') ? invalid : invalid?.querySelector<HTMLElement>('input'))?.focus();
  }, [asked]);
  return { ref, ask: useCallback(() => setAsked((n) => n + 1), []) };
}
