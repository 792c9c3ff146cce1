import { type BpuPrestationLine, costSchema } from '@isf/contract';

/** Costs typed by the user, by prestation id (only the lines the user touched). */
export type CostEdits = Readonly<Record<number, string>>;

export type PriceLinePayload = { id: number | null; prestation: number; cost: string };

/** An empty cost or a zero written any way ("0", "0,00", " 0.0 "): nothing to price. */
export function isZeroCost(cost: string | null | undefined): boolean {
  const text = (cost ?? '').replace(/\s/g, '');
  return text === '' || /^0*([.,]0*)?$/.test(text);
}

/** The cost a line shows: the one typed, else the saved one. */
export function costOf(line: BpuPrestationLine, edits: CostEdits): string {
  return edits[line.id] ?? line.prestationSST.cost;
}

/** Spec 3 BPU detail: in read mode the lines without a price (zero cost) are hidden. */
export function visibleLines(lines: readonly BpuPrestationLine[], editing: boolean): BpuPrestationLine[] {
  return editing ? [...lines] : lines.filter((line) => !isZeroCost(line.prestationSST.cost));
}

/** Whether a typed cost is a price the server accepts (a number ≥ 0, two decimals at most). */
export function isValidCost(cost: string): boolean {
  return costSchema.safeParse(cost).success;
}

/** The prestation ids whose typed cost is not a valid price. */
export function invalidCosts(edits: CostEdits): number[] {
  return Object.entries(edits)
    .filter(([, cost]) => !isValidCost(cost))
    .map(([id]) => Number(id));
}

/**
 * The price lines a save sends (spec 3 §5): a line only when its cost is not "0"/empty or when it is
 * already saved (it has an id), so clearing a saved price sets it to zero.
 */
export function priceLinesToSend(lines: readonly BpuPrestationLine[], edits: CostEdits): PriceLinePayload[] {
  return lines
    .map((line) => ({ id: line.prestationSST.id, prestation: line.id, cost: costOf(line, edits).trim() }))
    .filter((line) => line.id !== null || !isZeroCost(line.cost));
}
