import { useEffect, useState } from 'react';

/** the spec's default debounce delay. */
export const DEBOUNCE_MS = 500;

/** The value as it was `delay` ms after it last changed (a check while typing waits for a pause). */
export function useDebouncedValue<T>(value: T, delay = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
