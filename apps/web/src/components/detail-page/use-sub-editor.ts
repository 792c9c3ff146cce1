import { useCallback, useRef, useState } from 'react';

/**
 * An editor beside a detail screen's form with rows of its own (an order's or an attachment's prestation
 * lines): it reports its edits (`report`), which the screen sends with the form (`edits`); a reload of the
 * screen or a save gives it a new `reloadKey`, so it reads its rows again, and drops what it reported.
 * Given to `useDetailScreen` (`subEditors`), which resets it on Cancel and after a save.
 */
export function useSubEditor<Edits>() {
  const reported = useRef<Edits | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const report = useCallback((edits: Edits) => {
    reported.current = edits;
  }, []);
  const reset = useCallback(() => {
    reported.current = null;
    setReloadKey((key) => key + 1);
  }, []);
  return {
    reloadKey,
    report,
    /** What it reported since it last read its rows; null when nothing. */
    edits: (): Edits | null => reported.current,
    reset,
  };
}

export type SubEditor = { reset(): void };
