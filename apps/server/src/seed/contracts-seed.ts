import { ENVELOPE_ENTITY } from '@isf/contract';
import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { contracts, documentTypes, envelopes, markets, users } from '../db/schema/index.js';
import { startToken } from '../modules/workflow/index.js';

/**
 * One frame contract per demo market, under the number the market already carries (signed at the start
 * of 2025 for three years, the buyer as referent, the project manager as administrative referent), the
 * market linked to it, and a draft envelope "Contrat cadre et annexes" ready for its documents.
 */
export async function seedContracts(db: Database): Promise<void> {
  const [contractType] = await db
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(eq(documentTypes.code, 'CONTRACT'))
    .limit(1);
  const people = await db
    .select({ id: users.id, uid: users.uid })
    .from(users)
    .where(inArray(users.uid, ['admin', 'cdp']));
  const buyer = people.find((person) => person.uid === 'admin');
  const manager = people.find((person) => person.uid === 'cdp') ?? buyer;
  if (!contractType || !buyer || !manager) {
    return;
  }
  const marketRows = await db
    .select({ id: markets.id, agencyId: markets.agencyId, contractNumber: markets.contractNumber })
    .from(markets)
    .where(isNotNull(markets.contractNumber))
    .orderBy(asc(markets.id));
  for (const market of marketRows) {
    const [contract] = await db
      .insert(contracts)
      .values({
        contractNumber: market.contractNumber ?? '',
        documentTypeId: contractType.id,
        agencyId: market.agencyId,
        signatureDate: '2024-12-16',
        startDate: '2025-01-01',
        endDate: '2027-12-31',
        duration: 36,
        referentId: buyer.id,
        referentBuyer: 'ACH-BORDEAUX',
        adminReferentId: manager.id,
        comment: 'Contrat cadre de sous-traitance travaux fibre',
      })
      .returning({ id: contracts.id });
    if (!contract) {
      continue;
    }
    await db.update(markets).set({ contractId: contract.id }).where(eq(markets.id, market.id));
    const [envelope] = await db
      .insert(envelopes)
      .values({ name: 'Contrat cadre et annexes', contractId: contract.id, createdBy: buyer.id })
      .returning({ id: envelopes.id });
    if (envelope) {
      await startToken(db, { entity: ENVELOPE_ENTITY }, envelope.id, buyer.id);
    }
  }
}
