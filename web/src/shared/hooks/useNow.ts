import { useEffect, useState } from 'react';
import { useHydrated } from './useHydrated.tsx';

/**
 * The current time, refreshed every `intervalMs`; null while a pre-rendered page hydrates (the build
 * could not know the time it would be shown at).
 */
export function useNow(intervalMs: number): Date | null {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return hydrated ? now : null;
}
