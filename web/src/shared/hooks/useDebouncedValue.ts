import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`; `equal` decides what counts as the same
 * (default `Object.is`), so a rebuilt object with the same content does not restart the wait.
 */
export function useDebouncedValue<T>(value: T, delayMs: number, equal: (a: T, b: T) => boolean = Object.is): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (equal(value, debounced)) return;
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, debounced, delayMs, equal]);
  return debounced;
}
