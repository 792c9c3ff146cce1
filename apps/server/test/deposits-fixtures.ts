import { ROLE_OPTIONS } from '@isf/contract';
import { asc } from 'drizzle-orm';
import { markets, userAgencies, userProjects } from '../src/db/schema/index.js';
import { ALL_RIGHTS } from '../src/seed/access-seed.js';
import { actingAs, type TestApp } from './helper.js';

/** A profile with every right, and every option but the financial one (deposits, warranty dates). */
export function withoutFinancialOption(testApp: TestApp) {
  return actingAs(testApp, {
    ...ALL_RIGHTS,
    options: ROLE_OPTIONS.filter((option) => option !== 'serviceorders.edit_financial_info'),
    visibility: 1,
  });
}

/**
 * A subcontractor-style profile (visibility 4) with every right and option, on the project and agency
 * of the first demo market: the second demo market shares the project but not the agency.
 */
export async function subcontractorOfFirstMarket(testApp: TestApp) {
  const [first] = await testApp.db
    .select({ projectId: markets.projectId, agencyId: markets.agencyId })
    .from(markets)
    .orderBy(asc(markets.id))
    .limit(1);
  const profile = await actingAs(testApp, { ...ALL_RIGHTS, options: ROLE_OPTIONS, visibility: 4 });
  await testApp.db.insert(userProjects).values({ userId: profile.userId, projectId: first?.projectId ?? 0 });
  await testApp.db.insert(userAgencies).values({ userId: profile.userId, agencyId: first?.agencyId ?? 0 });
  return profile;
}
