import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from './principal.js';

/**
 * The visibility scope on a project-bound record (DESIGN §4): 1 everything, 2 the user's projects,
 * 3 the projects of the user's manager, 4 the user's projects (agency-bound lists add the agencies).
 */
export function projectScope(principal: Principal, projectId: SQL): SQL | undefined {
  switch (principal.visibility) {
    case 1:
      return undefined;
    case 2:
    case 4:
      return sql`${projectId} IN (SELECT project_id FROM user_projects WHERE user_id = ${principal.userId})`;
    case 3:
      return principal.managerId === null
        ? sql`FALSE`
        : sql`${projectId} IN (SELECT project_id FROM user_projects WHERE user_id = ${principal.managerId})`;
  }
}

/** The scope on an agency-bound record: visibility 4 (subcontractor staff) sees only its agencies. */
export function agencyScope(principal: Principal, agencyId: SQL): SQL | undefined {
  return principal.visibility === 4
    ? sql`${agencyId} IN (SELECT agency_id FROM user_agencies WHERE user_id = ${principal.userId})`
    : undefined;
}
