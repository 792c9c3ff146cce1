import type { AttachmentLineInput } from '@isf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usePrestationSort } from '../../prestations/prestation-sort';
import { type AttachmentPrestationsScope, attachmentPrestationsKey, fetchAttachmentPrestations } from '../attachments.api';
import {
  type AttachmentPrestationRow,
  attachmentAmount,
  linesToSend,
  type QuantityEdits,
  toRows,
} from './attachment-prestation-lines';

export type UseAttachmentPrestationsOptions = {
  attachmentId: number;
  editing: boolean;
  /** The lines to send in `prestationAttachements` on save. */
  onLinesChange: (lines: AttachmentLineInput[]) => void;
  reloadKey: number;
};

/**
 * The state of an attachment's Prestations tab: read mode lists this attachment's lines; edit mode the
 * order's lines and the attached ones (every priced prestation of the BPU with "display all"), with the
 * quantities typed kept by prestation until the page leaves edit mode or reloads.
 */
export function useAttachmentPrestations({ attachmentId, editing, onLinesChange, reloadKey }: UseAttachmentPrestationsOptions) {
  const sorting = usePrestationSort<AttachmentPrestationRow>();
  const [edits, setEdits] = useState<QuantityEdits>({});
  const [displayAll, setDisplayAll] = useState(false);
  const [session, setSession] = useState({ editing, reloadKey });
  if (session.editing !== editing || session.reloadKey !== reloadKey) {
    setSession({ editing, reloadKey });
    setEdits({});
    setDisplayAll(false);
  }

  const scope: AttachmentPrestationsScope = editing ? (displayAll ? 'all' : 'order') : 'attached';
  const query = useQuery({
    queryKey: attachmentPrestationsKey(attachmentId, { scope, sort: sorting.sort, reloadKey }),
    queryFn: () => fetchAttachmentPrestations(attachmentId, scope, sorting.sort),
    placeholderData: keepPreviousData,
  });

  const rows = useMemo(() => toRows(query.data ?? [], edits), [query.data, edits]);
  const amount = useMemo(() => attachmentAmount(rows), [rows]);
  const toSend = useMemo(() => linesToSend(query.data ?? [], edits), [query.data, edits]);
  const ready = query.data !== undefined && !query.isPlaceholderData;
  const report = useRef(onLinesChange);
  useEffect(() => {
    report.current = onLinesChange;
  });
  useEffect(() => {
    if (editing && ready) {
      report.current(toSend);
    }
  }, [editing, ready, toSend]);

  return {
    rows,
    amount,
    overOrdered: rows.some((row) => row.overOrdered),
    sorting,
    displayAll,
    setDisplayAll,
    setQuantity: useCallback(
      (prestation: number, quantity: string) => setEdits((current) => ({ ...current, [prestation]: quantity })),
      [],
    ),
    loading: query.isLoading,
  };
}
