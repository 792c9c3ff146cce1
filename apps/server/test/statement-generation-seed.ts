import type { MarketVatType } from '@isf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { rowsOf } from '../src/platform/sql-rows.js';

/** One attachment as the generation reads it: its stored money, RG release date and whether it is validated. */
export type SeedAttachment = {
  amount: string;
  rg: string;
  depositUsed: string;
  /** YYYY-MM-DD, or null (the order's delivery date rule). */
  rgReleaseDate: string | null;
  validated: boolean;
};

export type SeedMarket = { tva: MarketVatType; attachments: readonly SeedAttachment[] };

export type SeededMarket = { marketId: number; orderId: number; attachmentIds: number[] };

async function columnsOf(db: Database, table: string, except: readonly string[]): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = ${table} ORDER BY ordinal_position`,
  );
  return rows.map((row) => row.name).filter((name) => !except.includes(name));
}

const list = (names: readonly string[], table = '') =>
  sql.raw(names.map((name) => `${table ? `${table}.` : ''}"${name}"`).join(', '));

/**
 * Markets for the generation tests and bench, written in a few set-based statements: each a copy of the
 * template market (active, on `sst_validated`, in `projectId`, with its VAT regime) with one copy of the
 * template order (on `os_validated`) and the given attachments (validated: `att_validated`, else `att_draft`).
 * `tag` keeps the edifices and references unique across calls.
 */
export async function seedGenerationMarkets(
  db: Database,
  template: { marketId: number; orderId: number },
  projectId: number,
  markets: readonly SeedMarket[],
  tag: string,
): Promise<SeededMarket[]> {
  if (markets.length === 0) {
    return [];
  }
  const marketColumns = await columnsOf(db, 'markets', ['id', 'edifice', 'project_id', 'active', 'tva']);
  const orderColumns = await columnsOf(db, 'orders', [
    'id',
    'reference',
    'reference_year',
    'reference_sequence',
    'market_id',
    'project_id',
    'wf_node_id',
  ]);
  const tvas = markets.map((market) => market.tva);
  const created = await rowsOf<{ id: number; index: number }>(
    db,
    sql`INSERT INTO markets (edifice, project_id, active, tva, ${list(marketColumns)})
      SELECT ${`GEN-${tag}-`} || g.index, ${projectId}, TRUE, g.tva, ${list(marketColumns, 't')}
      FROM markets t, unnest(${sql.raw(`ARRAY[${tvas.map((value) => `'${value}'`).join(', ')}]::text[]`)}) WITH ORDINALITY AS g(tva, index)
      WHERE t.id = ${template.marketId}
      RETURNING id, substring(edifice FROM '[0-9]+$')::int AS index`,
  );
  const marketIds = created.sort((a, b) => a.index - b.index).map((row) => row.id);
  const ids = sql.raw(`ARRAY[${marketIds.join(', ')}]::int[]`);
  await db.execute(sql`INSERT INTO workflow_tokens (workflow_id, node_id, entity_name, entity_id)
    SELECT n.workflow_id, n.id, 'subcontractor_market', m.id
    FROM unnest(${ids}) AS m(id), (SELECT n.id, n.workflow_id FROM workflow_nodes n WHERE n.code = 'sst_validated' ORDER BY n.id LIMIT 1) n`);
  const orders = await rowsOf<{ id: number; marketId: number }>(
    db,
    sql`WITH node AS (SELECT n.id, n.workflow_id FROM workflow_nodes n WHERE n.code = 'os_validated' ORDER BY n.id LIMIT 1)
      INSERT INTO orders (reference, reference_year, reference_sequence, market_id, project_id, wf_node_id, ${list(orderColumns)})
      SELECT ${`GENO-${tag}-`} || m.id, 2000, 1, m.id, ${projectId}, (SELECT id FROM node), ${list(orderColumns, 't')}
      FROM orders t, unnest(${ids}) AS m(id)
      WHERE t.id = ${template.orderId}
      RETURNING id, market_id AS "marketId"`,
  );
  await db.execute(sql`INSERT INTO workflow_tokens (workflow_id, node_id, entity_name, entity_id)
    SELECT n.workflow_id, n.id, 'order', o.id
    FROM orders o, (SELECT n.id, n.workflow_id FROM workflow_nodes n WHERE n.code = 'os_validated' ORDER BY n.id LIMIT 1) n
    WHERE o.market_id IN (SELECT unnest(${ids}))`);
  const orderOf = new Map(orders.map((row) => [row.marketId, row.id]));
  const rows = markets.flatMap((market, index) =>
    market.attachments.map((attachment, sequence) => ({
      ...attachment,
      orderId: orderOf.get(marketIds[index] ?? 0) ?? 0,
      sequence,
    })),
  );
  const attachmentIds = new Map<number, number[]>();
  for (let start = 0; start < rows.length; start += 5_000) {
    const chunk = rows.slice(start, start + 5_000);
    const array = (values: readonly (string | number | boolean | null)[], type: string) =>
      sql.raw(`ARRAY[${values.map((value) => (value === null ? 'NULL' : `'${value}'`)).join(', ')}]::${type}[]`);
    const inserted = await rowsOf<{ id: number; orderId: number }>(
      db,
      sql`WITH validated AS (SELECT id FROM workflow_nodes WHERE code = 'att_validated' ORDER BY id LIMIT 1),
          draft AS (SELECT id FROM workflow_nodes WHERE code = 'att_draft' ORDER BY id LIMIT 1)
        INSERT INTO attachments (reference, reference_sequence, order_id, amount, rg, deposit_used, rg_release_date, wf_node_id, validated_at)
        SELECT ${`GENA-${tag}-`} || r.order_id || '-' || r.sequence, r.sequence + 1, r.order_id, r.amount, r.rg, r.deposit_used,
          r.release, CASE WHEN r.validated THEN (SELECT id FROM validated) ELSE (SELECT id FROM draft) END,
          CASE WHEN r.validated THEN now() END
        FROM unnest(${array(
          chunk.map((row) => row.orderId),
          'int',
        )}, ${array(
          chunk.map((row) => row.sequence),
          'int',
        )}, ${array(
          chunk.map((row) => row.amount),
          'numeric',
        )}, ${array(
          chunk.map((row) => row.rg),
          'numeric',
        )}, ${array(
          chunk.map((row) => row.depositUsed),
          'numeric',
        )}, ${array(
          chunk.map((row) => row.rgReleaseDate),
          'date',
        )}, ${array(
          chunk.map((row) => row.validated),
          'boolean',
        )}) AS r(order_id, sequence, amount, rg, deposit_used, release, validated)
        ORDER BY r.order_id, r.sequence
        RETURNING id, order_id AS "orderId"`,
    );
    for (const row of inserted.sort((a, b) => a.id - b.id)) {
      attachmentIds.set(row.orderId, [...(attachmentIds.get(row.orderId) ?? []), row.id]);
    }
  }
  await db.execute(sql`INSERT INTO workflow_tokens (workflow_id, node_id, entity_name, entity_id)
    SELECT n.workflow_id, n.id, 'attachement', att.id
    FROM attachments att JOIN workflow_nodes n ON n.id = att.wf_node_id
    WHERE att.order_id IN (SELECT o.id FROM orders o WHERE o.market_id IN (SELECT unnest(${ids})))`);
  return marketIds.map((marketId) => {
    const orderId = orderOf.get(marketId) ?? 0;
    return { marketId, orderId, attachmentIds: attachmentIds.get(orderId) ?? [] };
  });
}
