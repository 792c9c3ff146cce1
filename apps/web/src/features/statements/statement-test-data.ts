import type { EntityCode, StatementListRow } from '@isf/contract';
import { setAuth } from '../../lib/auth-store';
import { makeProfile } from '../../lib/testing';

/** Test data of the statement screens: a list row and a signed-in profile with the given rights. */
export const STATEMENT_ROW: StatementListRow = {
  id: 17,
  date: '2026-03-31',
  marketId: 3,
  marketEdifice: 'AQF-M2025',
  companyId: 8,
  companyName: 'Réseaux Aquitaine',
  agencyId: 4,
  agencyName: 'Agence de Pau',
  projectId: 5,
  projectName: 'Bordeaux Métropole',
  sapReference: 'SAP-2026-03',
  theoreticalPaymentDate: '2026-04-30',
  paidAt: null,
  paid: false,
  locked: false,
  totalAmount: '2400.00',
  rgamount: '120.00',
  depositUsed: '300.00',
  totalAmountWithoutRG: '1980.00',
  rgreleased: '50.00',
  tvaamount: '406.00',
  totalAmountTTC: '2436.00',
  attachementCount: 2,
  createdAt: '2026-03-31T08:00:00.000Z',
};

export function signInWith(
  rights: { read?: EntityCode[]; create?: EntityCode[]; update?: EntityCode[] },
  options: string[] = [],
) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: {
      ...profile,
      role: {
        ...profile.role,
        options,
        rights: { create: rights.create ?? [], read: rights.read ?? [], update: rights.update ?? [], delete: [] },
      },
    },
  });
}
