import { ORDER_CSV_HEADERS, type OrderLineInput, orderQuantitySchema } from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orderLines } from '../../db/schema/index.js';
import { ANALYZE_AFTER_ROWS, analyze } from '../../db/statistics.js';
import { assertHeader, importRefused, parseCsv } from '../price-schedules/index.js';
import { applyLines } from './order-lines.js';

const CODE_COLUMN = ORDER_CSV_HEADERS.indexOf('Code');
const QUANTITY_COLUMN = ORDER_CSV_HEADERS.indexOf('Quantité');

/**
 * Imports an order's quantities from the export's CSV (Code and Quantité are read): every line is
 * checked first and any error refuses the whole file with its line numbers; then the quantities are
 * applied in one transaction (zero removes an existing line).
 */
export async function importOrderLines(db: Database, order: { id: number; bpuId: number }, content: Buffer): Promise<number> {
  const parsed = parseCsv(content);
  assertHeader(parsed.header, ORDER_CSV_HEADERS);
  const known = new Map(
    (
      (await db.execute(sql`SELECT p.code, p.id AS "prestation", ol.id AS "lineId"
        FROM prestation_prices pp JOIN prestations p ON p.id = pp.prestation_id
        LEFT JOIN order_lines ol ON ol.order_id = ${order.id} AND ol.prestation_id = p.id
        WHERE pp.bpu_id = ${order.bpuId}`)) as unknown as { rows: { code: string; prestation: number; lineId: number | null }[] }
    ).rows.map((row) => [row.code.toLowerCase(), row] as const),
  );
  const errors: string[] = [];
  const changes: OrderLineInput[] = [];
  const lineOf: number[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of parsed.lines) {
    const code = (cells[CODE_COLUMN] ?? '').trim();
    const prestation = known.get(code.toLowerCase());
    const quantity = orderQuantitySchema.safeParse((cells[QUANTITY_COLUMN] ?? '').trim() || '0');
    if (!prestation) {
      errors.push(`Ligne ${line} : code de prestation « ${code} » absent du BPU de la commande.`);
    } else if (seen.has(code.toLowerCase())) {
      errors.push(`Ligne ${line} : la prestation « ${code} » figure déjà à la ligne ${seen.get(code.toLowerCase())}.`);
    } else if (!quantity.success) {
      errors.push(`Ligne ${line} : ${quantity.error.issues[0]?.message ?? 'quantité invalide.'}`);
    } else {
      seen.set(code.toLowerCase(), line);
      changes.push({ id: prestation.lineId, prestation: prestation.prestation, quantity: quantity.data });
      lineOf.push(line);
    }
  }
  if (errors.length > 0) {
    throw importRefused(errors);
  }
  await db.transaction((tx) => applyLines(tx, order, changes, (index) => `Ligne ${lineOf[index]} : `));
  // thousands of lines written at once: without fresh statistics the order's screens were planned as on a
  // nearly empty table (the attachment detail over 20,000 lines took minutes instead of a second)
  if (changes.length >= ANALYZE_AFTER_ROWS) {
    await analyze(db, [orderLines]);
  }
  return changes.length;
}
