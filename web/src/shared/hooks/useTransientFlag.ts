import { useCallback, useEffect, useRef, useState } from 'react';

/** A flag that turns itself off `durationMs` after each `show()` (success banners). */
export function useTransientFlag(durationMs: number): [boolean, () => void, () => void] {
  const [visible, setVisible] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    setVisible(false);
  }, []);
  const show = useCallback(() => {
    window.clearTimeout(timer.current);
    setVisible(true);
    timer.current = window.setTimeout(() => setVisible(false), durationMs);
  }, [durationMs]);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [visible, show, hide];
}
