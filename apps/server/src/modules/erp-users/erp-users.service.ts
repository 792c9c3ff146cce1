import {
  ERP_USER_NO_MAIL_MESSAGE,
  ERP_USER_RENAME_FAILED_MESSAGE,
  type ErpUserRenameReply,
  erpUserAmbiguousMessage,
  erpUserNotFoundMessage,
  requiredText,
} from '@isf/contract';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { type Erp, ErpError, ErpInvalidResponse, type ErpPerson } from '../../integrations/erp/erp.port.js';
import { type AuditContext, recordAudit } from '../../platform/audit.js';
import { businessRefusal, HttpError, notFound } from '../../platform/errors.js';

const nameSchema = requiredText();

/** An ERP failure as a 502 with the ERP's words; other errors go on. */
function asErpFailure(error: unknown): unknown {
  if (error instanceof ErpError || error instanceof ErpInvalidResponse) {
    return new HttpError(502, { error: ERP_USER_RENAME_FAILED_MESSAGE, detail: error.message });
  }
  return error;
}

/** The one Oracle person with this work mail, or a refusal that says why there is none. */
async function personOf(erp: Erp, mail: string): Promise<ErpPerson & { displayName: string }> {
  const people = await erp.findPeopleByMail(mail).catch((error: unknown) => {
    throw asErpFailure(error);
  });
  const [person, ...others] = people;
  if (!person) {
    throw businessRefusal(erpUserNotFoundMessage(mail));
  }
  if (others.length > 0) {
    throw businessRefusal(erpUserAmbiguousMessage(mail));
  }
  const name = nameSchema.safeParse(person.displayName);
  if (!name.success) {
    throw new HttpError(502, {
      error: ERP_USER_RENAME_FAILED_MESSAGE,
      detail: `Réponse invalide de Oracle : le nom de la personne ${person.personNumber ?? person.personId} ne convient pas.`,
    });
  }
  return { ...person, displayName: name.data };
}

/**
 * The main profile of a user and the person's mail: a secondary profile is the same person as its main
 * profile, whose mail is the person's (its own mail when the main profile has none).
 */
async function personMailOf(database: Database, userId: number): Promise<{ mainId: number; mail: string }> {
  const [user] = await database
    .select({ id: users.id, mail: users.mail, parentId: users.parentId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) {
    throw notFound('user.unknown');
  }
  const mainId = user.parentId ?? user.id;
  const [main] =
    mainId === user.id ? [user] : await database.select({ mail: users.mail }).from(users).where(eq(users.id, mainId));
  const mail = main?.mail?.trim() || user.mail?.trim();
  if (!mail) {
    throw businessRefusal(ERP_USER_NO_MAIL_MESSAGE);
  }
  return { mainId, mail };
}

/**
 * Users named as Oracle knows them (spec 3 User detail, "rename users"): the name of the Oracle person
 * who has the user's work mail replaces the name of the user and of all the profiles of the same person.
 */
export function createErpUserService(database: Database, erp: Erp, onRenamed: () => void) {
  return {
    async rename(userId: number, context: AuditContext): Promise<ErpUserRenameReply> {
      const { mainId, mail } = await personMailOf(database, userId);
      const person = await personOf(erp, mail);
      const renamedIds = await database.transaction(async (transaction) => {
        const profiles = await transaction
          .select({ id: users.id, name: users.name, version: users.version })
          .from(users)
          .where(or(eq(users.id, mainId), eq(users.parentId, mainId)))
          .orderBy(asc(users.id))
          .for('update');
        const stale = profiles.filter((profile) => profile.name !== person.displayName);
        if (stale.length === 0) {
          return [];
        }
        await transaction
          .update(users)
          .set({ name: person.displayName, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
          .where(
            inArray(
              users.id,
              stale.map((profile) => profile.id),
            ),
          );
        for (const profile of stale) {
          await recordAudit(transaction, context, {
            entity: 'user',
            entityId: profile.id,
            action: 'rename',
            before: { name: profile.name, version: profile.version },
            after: { name: person.displayName, version: profile.version + 1, oraclePersonNumber: person.personNumber },
          });
        }
        return stale.map((profile) => profile.id);
      });
      if (renamedIds.length > 0) {
        onRenamed();
      }
      return {
        success: true,
        name: person.displayName,
        changed: renamedIds.length > 0,
        renamedIds,
        personNumber: person.personNumber,
      };
    },
  };
}
