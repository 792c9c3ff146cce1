import { useCallback, useEffect, useMemo, useRef } from 'react';

/**
 * Timers keyed by id: `start` runs an action after the delay unless `cancel` comes first (the bell's
 * "read 100 ms after hovering"). Starting an id already waiting changes nothing; unmounting cancels all.
 */
export function useDelayedActions(delayMs: number) {
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) {
        clearTimeout(timer);
      }
      pending.clear();
    };
  }, []);

  const start = useCallback(
    (id: number, action: () => void) => {
      if (timers.current.has(id)) {
        return;
      }
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          action();
        }, delayMs),
      );
    },
    [delayMs],
  );

  const cancel = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);

  return useMemo(() => ({ start, cancel }), [start, cancel]);
}
