import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/sql-rows.js';
import { createTestApp, type TestApp } from './helper.js';

/**
 * Issue 14, workflow moves: a move regroups the market quantities of its item's lines only when it changes
 * whether they count (migration 0057). The groups' figures after any move equal their recomputation
 * (`bulk-triggers.property.test.ts`); here, a move between two nodes that both count leaves every group row as
 * it was (same row version), and a move out of the counted nodes regroups the lines' prestations.
 */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

type Group = { id: string; version: string; quantityDone: string };

/** The groups of the attachment's market and prestations, with their row versions (xmin). */
async function groupsOf(attachmentId: number): Promise<Group[]> {
  return rowsOf<Group>(
    testApp.db,
    sql`SELECT mq.id::text AS id, mq.xmin::text AS version, mq.quantity_done::text AS "quantityDone"
      FROM market_quantities mq
      WHERE (mq.market_id, mq.prestation_id) IN (SELECT o.market_id, al.prestation_id FROM attachments att
        JOIN orders o ON o.id = att.order_id JOIN attachment_lines al ON al.attachment_id = att.id WHERE att.id = ${attachmentId})
      ORDER BY mq.id`,
  );
}

async function moveTo(tokenId: number, code: string) {
  await testApp.db.execute(sql`UPDATE workflow_tokens SET node_id = (SELECT n.id FROM workflow_nodes n
      WHERE n.workflow_id = workflow_tokens.workflow_id AND n.code = ${code} ORDER BY n.id LIMIT 1)
    WHERE id = ${tokenId}`);
}

describe('market quantities on a workflow move', () => {
  it('rewrite no group when the move stays among the counted nodes, and regroup when it leaves them', async () => {
    const [validated] = await rowsOf<{ tokenId: number; attachmentId: number }>(
      testApp.db,
      sql`SELECT t.id AS "tokenId", t.entity_id AS "attachmentId" FROM workflow_tokens t
        JOIN workflow_nodes n ON n.id = t.node_id
        WHERE t.entity_name = 'attachement' AND n.code = 'att_validated'
          AND EXISTS (SELECT 1 FROM attachment_lines al WHERE al.attachment_id = t.entity_id AND al.quantity <> 0)
        ORDER BY t.id LIMIT 1`,
    );
    if (!validated) {
      // the demo data holds a validated attachment with lines; without one the test would prove nothing
      throw new Error('no validated attachment with lines in the demo data');
    }
    const before = await groupsOf(validated.attachmentId);
    expect(before.length).toBeGreaterThan(0);

    await moveTo(validated.tokenId, 'att_prepared_for_payment');
    expect(await groupsOf(validated.attachmentId)).toEqual(before);

    await moveTo(validated.tokenId, 'att_draft');
    const after = await groupsOf(validated.attachmentId);
    const versions = (groups: Group[]) => groups.map((group) => `${group.id}@${group.version}`);
    expect(versions(after)).not.toEqual(versions(before));
  });
});
