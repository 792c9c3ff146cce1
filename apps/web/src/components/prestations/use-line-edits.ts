import { useCallback, useEffect, useRef, useState } from 'react';

/** Quantities typed in edit mode, by prestation id: one entry per prestation, so a line is never added twice. */
export type QuantityEdits = Readonly<Record<number, string>>;

/**
 * The quantities typed in a prestations tab and its "display all" switch, kept by prestation until the page
 * leaves edit mode or reloads (`onReset` drops what else the tab keeps for the session, its filters).
 */
export function useLineEdits(editing: boolean, reloadKey: number, onReset?: () => void) {
  const [edits, setEdits] = useState<QuantityEdits>({});
  const [displayAll, setDisplayAll] = useState(false);
  const [session, setSession] = useState({ editing, reloadKey });
  if (session.editing !== editing || session.reloadKey !== reloadKey) {
    setSession({ editing, reloadKey });
    setEdits({});
    onReset?.();
    setDisplayAll(false);
  }
  const setQuantity = useCallback(
    (prestation: number, quantity: string) => setEdits((current) => ({ ...current, [prestation]: quantity })),
    [],
  );
  return { edits, setQuantity, displayAll, setDisplayAll };
}

/** Reports the lines to send on save to the page, in edit mode once the tab's lines are read (not a placeholder). */
export function useReportLines<Line>(report: (lines: Line[]) => void, editing: boolean, ready: boolean, lines: Line[]) {
  const latest = useRef(report);
  useEffect(() => {
    latest.current = report;
  });
  useEffect(() => {
    if (editing && ready) {
      latest.current(lines);
    }
  }, [editing, ready, lines]);
}
