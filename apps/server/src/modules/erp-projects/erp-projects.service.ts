import {
  ORACLE_PROJECT_OTHER_BUSINESS_UNIT_MESSAGE,
  type OscarSubProjectRecord,
  oracleProjectLinkedElsewhereMessage,
  oscarProjectLinkedElsewhereMessage,
} from '@isf/contract';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { oracleProjects, oracleTasks, oscarProjects, oscarSubprojects } from '../../db/schema/erp-projects.js';
import { businessUnits, projects } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { businessRefusal, notFound } from '../../platform/errors.js';

const {
  version: _oracleVersion,
  createdAt: _oracleCreated,
  updatedAt: _oracleUpdated,
  ...oracleProjectColumns
} = getTableColumns(oracleProjects);

const {
  oscarProjectId,
  version: _subVersion,
  createdAt: _subCreated,
  updatedAt: _subUpdated,
  ...subprojectColumns
} = getTableColumns(oscarSubprojects);

const subprojectSelection = { ...subprojectColumns, oscarProjectId, projectName: oscarProjects.name };

/** Which table holds the link of an external project to an ISF project, and how to word a refusal. */
type LinkTarget = {
  table: typeof oracleProjects | typeof oscarProjects;
  entity: 'oracle_project' | 'oscar_project';
  linkedElsewhere: (projectCode: string) => string;
};

const ORACLE_LINK: LinkTarget = {
  table: oracleProjects,
  entity: 'oracle_project',
  linkedElsewhere: oracleProjectLinkedElsewhereMessage,
};
const OSCAR_LINK: LinkTarget = {
  table: oscarProjects,
  entity: 'oscar_project',
  linkedElsewhere: oscarProjectLinkedElsewhereMessage,
};

/** Oracle projects and OSCAR projects of ISF projects (spec 3 Project detail), and their details. */
export function createErpProjectService(database: Database) {
  async function projectCode(db: Database, projectId: number): Promise<string> {
    const [project] = await db.select({ code: projects.code }).from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project) {
      throw notFound();
    }
    return project.code;
  }

  /**
   * Attaches an external project to an ISF project: idempotent for the same project, refused (422)
   * when it belongs to another one; `check` adds the refusals of one kind of link.
   */
  async function link(
    target: LinkTarget,
    projectId: number,
    externalId: number,
    context: AuditContext,
    check?: (transaction: Database) => Promise<void>,
  ) {
    await database.transaction(async (transaction) => {
      await projectCode(transaction, projectId);
      const [current] = await transaction
        .select({ projectId: target.table.projectId })
        .from(target.table)
        .where(eq(target.table.id, externalId))
        .limit(1);
      if (!current) {
        throw notFound();
      }
      if (current.projectId === projectId) {
        return;
      }
      if (current.projectId !== null) {
        throw businessRefusal(target.linkedElsewhere(await projectCode(transaction, current.projectId)));
      }
      await check?.(transaction);
      await transaction
        .update(target.table)
        .set({ projectId, version: sql`${target.table.version} + 1`, updatedAt: sql`now()` })
        .where(eq(target.table.id, externalId));
      await recordAudit(transaction, context, {
        entity: target.entity,
        entityId: externalId,
        action: 'update',
        before: { projectId: null },
        after: { projectId },
      });
    });
  }

  async function unlink(target: LinkTarget, projectId: number, externalId: number, context: AuditContext) {
    await database.transaction(async (transaction) => {
      const removed = await transaction
        .update(target.table)
        .set({ projectId: null, version: sql`${target.table.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(target.table.id, externalId), eq(target.table.projectId, projectId)))
        .returning({ id: target.table.id });
      if (removed.length === 0) {
        throw notFound();
      }
      await recordAudit(transaction, context, {
        entity: target.entity,
        entityId: externalId,
        action: 'update',
        before: { projectId },
        after: { projectId: null },
      });
    });
  }

  async function businessUnitOf(projectId: number): Promise<string | null> {
    const [row] = await database
      .select({ name: businessUnits.name })
      .from(projects)
      .leftJoin(businessUnits, eq(businessUnits.id, projects.businessUnitId))
      .where(eq(projects.id, projectId))
      .limit(1);
    if (!row) {
      throw notFound();
    }
    return row.name;
  }

  return {
    businessUnitOf,

    projectOracleProjects(projectId: number) {
      return database
        .select(oracleProjectColumns)
        .from(oracleProjects)
        .where(eq(oracleProjects.projectId, projectId))
        .orderBy(asc(oracleProjects.number), asc(oracleProjects.id));
    },

    async linkOracleProject(projectId: number, oracleProjectId: number, context: AuditContext) {
      const businessUnit = await businessUnitOf(projectId);
      await link(ORACLE_LINK, projectId, oracleProjectId, context, async (transaction) => {
        const [oracleProject] = await transaction
          .select({ businessUnitName: oracleProjects.businessUnitName })
          .from(oracleProjects)
          .where(eq(oracleProjects.id, oracleProjectId));
        if (businessUnit !== null && oracleProject?.businessUnitName !== businessUnit) {
          throw businessRefusal(ORACLE_PROJECT_OTHER_BUSINESS_UNIT_MESSAGE);
        }
      });
    },

    unlinkOracleProject: (projectId: number, oracleProjectId: number, context: AuditContext) =>
      unlink(ORACLE_LINK, projectId, oracleProjectId, context),

    oracleTasks(oracleProjectId: number) {
      return database
        .select({
          id: oracleTasks.id,
          erpTaskId: oracleTasks.erpTaskId,
          oracleProjectId: oracleTasks.oracleProjectId,
          name: oracleTasks.name,
          number: oracleTasks.number,
          description: oracleTasks.description,
        })
        .from(oracleTasks)
        .where(eq(oracleTasks.oracleProjectId, oracleProjectId))
        .orderBy(asc(oracleTasks.number), asc(oracleTasks.id));
    },

    linkOscarProject: (projectId: number, oscarId: number, context: AuditContext) =>
      link(OSCAR_LINK, projectId, oscarId, context),

    unlinkOscarProject: (projectId: number, oscarId: number, context: AuditContext) =>
      unlink(OSCAR_LINK, projectId, oscarId, context),

    /** Sub-projects of the OSCAR projects attached to a project, or of one OSCAR project. */
    subprojects(where: { projectId: number } | { oscarProjectId: number }): Promise<OscarSubProjectRecord[]> {
      return database
        .select(subprojectSelection)
        .from(oscarSubprojects)
        .innerJoin(oscarProjects, eq(oscarProjects.id, oscarSubprojects.oscarProjectId))
        .where(
          'projectId' in where
            ? eq(oscarProjects.projectId, where.projectId)
            : eq(oscarSubprojects.oscarProjectId, where.oscarProjectId),
        )
        .orderBy(asc(oscarProjects.name), asc(oscarSubprojects.name), asc(oscarSubprojects.id));
    },

    async subproject(id: number): Promise<OscarSubProjectRecord> {
      const [row] = await database
        .select(subprojectSelection)
        .from(oscarSubprojects)
        .innerJoin(oscarProjects, eq(oscarProjects.id, oscarSubprojects.oscarProjectId))
        .where(eq(oscarSubprojects.id, id))
        .limit(1);
      if (!row) {
        throw notFound();
      }
      return row;
    },
  };
}

export type ErpProjectService = ReturnType<typeof createErpProjectService>;
