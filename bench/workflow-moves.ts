/**
 * One workflow move (`POST /api/wftoken/move/{token}/{transition}`), with its notifications, on orders
 * and attachments. The movable items are generated orders and attachments at a node with a way out and a
 * way back (order: draft → project manager's validation → back to draft; attachment: validated →
 * prepared for payment → payment postponed, back to validated); each item is moved out and back, so the
 * data set keeps its shape (its history, notifications and audit rows grow). Items are taken among the
 * projects of the generated manager the benchmark logs in as, oldest token first, BENCH_MOVES of each kind
 * (each moved twice); the moves run one at a time, as a person clicks. Keys `move-order`,
 * `move-attachment`; group `moves`.
 */
import type { DatabaseHandle } from '@isf/server/src/db/client.js';
import { sql } from 'drizzle-orm';
import { type AppProcess, recordSql } from './app-process.js';
import { figuresOf, type LoadFigures } from './load.js';
import type { RecordedStatement } from './sql-recorder.js';
import { rows } from './sql-rows.js';

type MoveKind = {
  key: string;
  label: string;
  entity: string;
  workflow: string;
  from: string;
  out: string;
  back: string;
  /** Generated items only. */
  generated: ReturnType<typeof sql>;
};

const KINDS: MoveKind[] = [
  {
    key: 'move-order',
    label: 'order: draft → validation by the project manager → back to draft',
    entity: 'order',
    workflow: 'service_order',
    from: 'os_draft',
    out: 'os_submit_to_cdp',
    back: 'os_refused_cdp',
    generated: sql`EXISTS (SELECT 1 FROM orders o JOIN markets m ON m.id = o.market_id JOIN projects p ON p.id = o.project_id
      JOIN users u ON u.id = p.manager_id
      WHERE o.id = t.entity_id AND m.edifice LIKE 'BM-%' AND u.uid = 'bench.cdp.001')`,
  },
  {
    key: 'move-attachment',
    label: 'attachment: validated → prepared for payment → postponed, back to validated',
    entity: 'attachement',
    workflow: 'attachement',
    from: 'att_validated',
    out: 'att_to_prepared',
    back: 'att_postponed',
    generated: sql`EXISTS (SELECT 1 FROM attachments att JOIN orders o ON o.id = att.order_id JOIN projects p ON p.id = o.project_id
      JOIN users u ON u.id = p.manager_id
      WHERE att.id = t.entity_id AND att.reference LIKE 'BM-%' AND NOT att.locked AND u.uid = 'bench.cdp.001')`,
  },
];

export type MovePlan = { kind: MoveKind; tokens: number[]; outId: number; backId: number };

async function transitionId(handle: DatabaseHandle, workflow: string, code: string, from: string): Promise<number> {
  const [transition] = await rows(
    handle,
    sql`SELECT t.id FROM workflow_transitions t JOIN workflows w ON w.id = t.workflow_id
      JOIN workflow_nodes n ON n.id = t.from_node_id
      WHERE w.code = ${workflow} AND t.code = ${code} AND n.code = ${from} ORDER BY t.id LIMIT 1`,
  );
  if (!transition) {
    throw new Error(`no transition ${code} from ${from} in workflow ${workflow}`);
  }
  return Number(transition.id);
}

/** The items each kind moves (their token ids) and the transitions out and back. */
export async function planMoves(handle: DatabaseHandle, count: number): Promise<MovePlan[]> {
  const plans: MovePlan[] = [];
  for (const kind of KINDS) {
    const outId = await transitionId(handle, kind.workflow, kind.out, kind.from);
    const [target] = await rows(handle, sql`SELECT to_node_id AS id FROM workflow_transitions WHERE id = ${outId}`);
    const backId = await transitionId(
      handle,
      kind.workflow,
      kind.back,
      String((await nodeCode(handle, Number(target?.id))) ?? ''),
    );
    const tokens = await rows(
      handle,
      sql`SELECT t.id FROM workflow_tokens t JOIN workflow_nodes n ON n.id = t.node_id
        WHERE t.entity_name = ${kind.entity} AND n.code = ${kind.from} AND ${kind.generated}
        ORDER BY t.id LIMIT ${count}`,
    );
    plans.push({ kind, tokens: tokens.map((row) => Number(row.id)), outId, backId });
  }
  return plans;
}

async function nodeCode(handle: DatabaseHandle, id: number): Promise<string | undefined> {
  const [node] = await rows(handle, sql`SELECT code FROM workflow_nodes WHERE id = ${id}`);
  return node ? String(node.code) : undefined;
}

export type MoveResult = {
  key: string;
  label: string;
  load: LoadFigures;
  /** The SQL of the first move out and of the first move back (for the direct replay). */
  recorded: RecordedStatement[][];
  errors: string[];
};

/** Moves each planned item out and back, one request at a time; times every move. */
export async function measureMoves(app: AppProcess, token: string, plans: MovePlan[]): Promise<MoveResult[]> {
  const results: MoveResult[] = [];
  for (const plan of plans) {
    const times: number[] = [];
    const errors: string[] = [];
    const recorded: RecordedStatement[][] = [];
    const started = performance.now();
    const move = async (tokenId: number, transition: number) => {
      const before = performance.now();
      const response = await fetch(`${app.base}/api/wftoken/move/${tokenId}/${transition}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ comment: 'Banc de mesure : aller-retour' }),
      });
      const text = await response.text();
      if (response.ok) {
        times.push(performance.now() - before);
      } else if (errors.length < 3) {
        errors.push(`${response.status} ${text.slice(0, 200)}`);
      }
      return response.ok;
    };
    for (const [index, tokenId] of plan.tokens.entries()) {
      if (index === 0) {
        // the first item's moves are also recorded (SQL for the direct column), not timed
        const out = await recordSql(app, () => move(tokenId, plan.outId));
        const back = await recordSql(app, () => move(tokenId, plan.backId));
        times.length = 0;
        recorded.push(out.statements, back.statements);
        continue;
      }
      if (await move(tokenId, plan.outId)) {
        await move(tokenId, plan.backId);
      }
    }
    const failures = 2 * (plan.tokens.length - 1) - times.length;
    results.push({
      key: plan.kind.key,
      label: plan.kind.label,
      load: figuresOf(times, failures, (performance.now() - started) / 1000),
      recorded,
      errors,
    });
  }
  return results;
}
