import type { AttachmentLineInput, AttachmentPrestationLine } from '@isf/contract';
import { compareDecimals, isZeroDecimal, lineTotal, sumDecimals } from '@isf/contract';
import type { QuantityEdits } from '../../../components/prestations/use-line-edits';

/** A row of the tab: the line with this time's quantity typed, its cumulative, total and warning recomputed. */
export type AttachmentPrestationRow = AttachmentPrestationLine & { index: number };

function typedQuantity(text: string): string {
  return text.trim().replace(',', '.') || '0';
}

/** The rows shown: the typed quantities with their totals and cumulative quantities recomputed (decimal arithmetic). */
export function toRows(lines: readonly AttachmentPrestationLine[], edits: QuantityEdits): AttachmentPrestationRow[] {
  return lines.map((line, position) => {
    const typed = edits[line.prestation];
    if (typed === undefined) {
      return { ...line, index: position + 1 };
    }
    const quantity = typedQuantity(typed);
    const cumulativeQuantity = sumDecimals([line.cumulativePreviousQuantity, quantity], 1);
    return {
      ...line,
      index: position + 1,
      quantity: typed,
      total: lineTotal(line.unitPrice, quantity),
      cumulativeQuantity,
      overOrdered: compareDecimals(cumulativeQuantity, line.orderedQuantity) > 0,
    };
  });
}

/** The footer: the attachment's amount, the sum of its rounded line totals. */
export function attachmentAmount(rows: readonly AttachmentPrestationRow[]): string {
  return sumDecimals(
    rows.map((row) => row.total),
    2,
  );
}

/**
 * The lines a save sends in `prestationAttachements`: those with a non-zero quantity or an existing line
 * (a zero on a saved line removes it), one per prestation.
 */
export function linesToSend(lines: readonly AttachmentPrestationLine[], edits: QuantityEdits): AttachmentLineInput[] {
  const seen = new Set<number>();
  const sent: AttachmentLineInput[] = [];
  for (const line of lines) {
    const quantity = typedQuantity(edits[line.prestation] ?? line.quantity);
    if (seen.has(line.prestation) || (line.lineId === null && isZeroDecimal(quantity))) {
      continue;
    }
    seen.add(line.prestation);
    sent.push({ id: line.lineId, prestation: line.prestation, quantity });
  }
  return sent;
}
