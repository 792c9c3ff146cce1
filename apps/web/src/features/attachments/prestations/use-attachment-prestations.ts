import type { AttachmentLineInput } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { usePrestationSort } from '../../../components/prestations/prestation-sort';
import { useLineEdits, useReportLines } from '../../../components/prestations/use-line-edits';
import { type AttachmentPrestationsScope, attachmentPrestationsKey, fetchAttachmentPrestations } from '../attachments.api';
import { type AttachmentPrestationRow, attachmentAmount, linesToSend, toRows } from './attachment-prestation-lines';

export type UseAttachmentPrestationsOptions = {
  attachmentId: number;
  editing: boolean;
  /** The lines to send in `prestationAttachements` on save. */
  onLinesChange: (lines: AttachmentLineInput[]) => void;
  reloadKey: number;
};

/** Whether a query key of the tab reads the same lines (scope and reload) as the ones about to load. */
function sameLines(key: readonly unknown[] | undefined, scope: AttachmentPrestationsScope, reloadKey: number): boolean {
  const options = key?.[3] as { scope?: unknown; reloadKey?: unknown } | undefined;
  return options?.scope === scope && options.reloadKey === reloadKey;
}

/**
 * The state of an attachment's Prestations tab: read mode lists this attachment's lines; edit mode the
 * order's lines and the attached ones (every priced prestation of the BPU with "display all"), with the
 * quantities typed kept by prestation until the page leaves edit mode or reloads.
 */
export function useAttachmentPrestations({ attachmentId, editing, onLinesChange, reloadKey }: UseAttachmentPrestationsOptions) {
  const sorting = usePrestationSort<AttachmentPrestationRow>();
  const { edits, setQuantity, displayAll, setDisplayAll } = useLineEdits(editing, reloadKey);

  const scope: AttachmentPrestationsScope = editing ? (displayAll ? 'all' : 'order') : 'attached';
  const query = useQuery({
    queryKey: attachmentPrestationsKey(attachmentId, { scope, sort: sorting.sort, reloadKey }),
    queryFn: () => fetchAttachmentPrestations(attachmentId, scope, sorting.sort),
    // the rows stay in place while they are sorted again, never while another scope or a reload loads: after
    // a save, the lines read before it (the order's, with the quantities of before) would show for a moment
    placeholderData: (previous, previousQuery) => (sameLines(previousQuery?.queryKey, scope, reloadKey) ? previous : undefined),
  });

  const rows = useMemo(() => toRows(query.data ?? [], edits), [query.data, edits]);
  const amount = useMemo(() => attachmentAmount(rows), [rows]);
  const toSend = useMemo(() => linesToSend(query.data ?? [], edits), [query.data, edits]);
  const ready = query.data !== undefined && !query.isPlaceholderData;
  useReportLines(onLinesChange, editing, ready, toSend);

  return {
    rows,
    amount,
    overOrdered: rows.some((row) => row.overOrdered),
    sorting,
    displayAll,
    setDisplayAll,
    setQuantity,
    loading: query.isLoading,
  };
}
