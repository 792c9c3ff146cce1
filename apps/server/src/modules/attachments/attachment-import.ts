import { ATTACHMENT_BPU_CSV_HEADERS, ATTACHMENT_CSV_HEADERS, type AttachmentLineInput, orderQuantitySchema } from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { importRefused, normalizeName, parseCsv } from '../price-schedules/index.js';
import type { AttachmentTarget } from './attachment-lines.js';

/** The two files the import reads back: the attachment's export and its export in the BPU's layout. */
const LAYOUTS: readonly (readonly string[])[] = [ATTACHMENT_CSV_HEADERS, ATTACHMENT_BPU_CSV_HEADERS];

function columnsOf(header: string[]): { code: number; quantity: number } {
  for (const layout of LAYOUTS) {
    const wanted = layout.map(normalizeName);
    if (header.length === wanted.length && header.every((name, index) => name === wanted[index])) {
      return { code: wanted.indexOf(normalizeName('Code')), quantity: wanted.indexOf(normalizeName('Quantité')) };
    }
  }
  throw importRefused([
    `En-tête de fichier inattendu : la première ligne doit être « ${ATTACHMENT_CSV_HEADERS.join(';')} » (export de l'attachement) ou « ${ATTACHMENT_BPU_CSV_HEADERS.join(';')} » (export au format BPU).`,
  ]);
}

export type ParsedAttachmentImport = { changes: AttachmentLineInput[]; lineOf: number[] };

/**
 * Reads an attachment's quantities from one of its exports (Code and Quantité are read): every line is
 * checked first, and any error refuses the whole file with the file's line numbers ("Ligne 3 : …").
 * Nothing is written here; the service applies the changes in one transaction.
 */
export async function parseAttachmentImport(
  db: Database,
  attachment: AttachmentTarget,
  content: Buffer,
): Promise<ParsedAttachmentImport> {
  const parsed = parseCsv(content);
  const column = columnsOf(parsed.header);
  const known = new Map(
    (
      (await db.execute(sql`SELECT p.code, p.id AS "prestation", al.id AS "lineId"
        FROM prestations p
          LEFT JOIN prestation_prices pp ON pp.bpu_id = ${attachment.bpuId} AND pp.prestation_id = p.id
          LEFT JOIN order_lines ol ON ol.order_id = ${attachment.orderId} AND ol.prestation_id = p.id
          LEFT JOIN attachment_lines al ON al.attachment_id = ${attachment.id} AND al.prestation_id = p.id
        WHERE pp.prestation_id IS NOT NULL OR ol.id IS NOT NULL OR al.id IS NOT NULL`)) as unknown as {
        rows: { code: string; prestation: number; lineId: number | null }[];
      }
    ).rows.map((row) => [row.code.toLowerCase(), row] as const),
  );
  const errors: string[] = [];
  const changes: AttachmentLineInput[] = [];
  const lineOf: number[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of parsed.lines) {
    const code = (cells[column.code] ?? '').trim();
    const key = code.toLowerCase();
    const prestation = known.get(key);
    const quantity = orderQuantitySchema.safeParse((cells[column.quantity] ?? '').trim() || '0');
    if (!prestation) {
      errors.push(`Ligne ${line} : code de prestation « ${code} » absent du BPU de la commande.`);
    } else if (seen.has(key)) {
      errors.push(`Ligne ${line} : la prestation « ${code} » figure déjà à la ligne ${seen.get(key)}.`);
    } else if (!quantity.success) {
      errors.push(`Ligne ${line} : ${quantity.error.issues[0]?.message ?? 'quantité invalide.'}`);
    } else {
      seen.set(key, line);
      changes.push({ id: prestation.lineId, prestation: prestation.prestation, quantity: quantity.data });
      lineOf.push(line);
    }
  }
  if (errors.length > 0) {
    throw importRefused(errors);
  }
  return { changes, lineOf };
}
