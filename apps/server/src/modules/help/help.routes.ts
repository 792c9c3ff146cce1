import { randomUUID } from 'node:crypto';
import { formatMessage } from '@isf/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { incidents, projects } from '../../db/schema/index.js';
import type { FileStorage } from '../../integrations/storage/storage.port.js';
import { access, principalOf } from '../../platform/access.js';
import { recordAudit } from '../../platform/audit.js';
import { badRequest } from '../../platform/errors.js';
import { readMultipart } from '../../platform/multipart.js';
import { auditContext } from '../../platform/route-helpers.js';

const MAX_TEXT = 5_000;

/**
 * The incident report of the help menu (spec 1 §2): subject, project, description, optional file; the
 * file goes to the file storage under `incidents/<id>/`, its key in `attachment_path`.
 */
export function registerHelpRoutes(app: FastifyInstance, database: Database, storage: FileStorage): void {
  app.post('/api/help/submit', { config: { access: access.option('userinterface.display_help_menu') } }, async (request) => {
    const form = await readMultipart(request, { maxFileBytes: 10 * 1024 * 1024 });
    const fields = form.fields;
    const attachment = form.file ? { name: form.file.fileName, content: form.file.content } : undefined;
    const missing = ['subject', 'project', 'problem_description'].filter((name) => !fields[name]);
    if (missing.length > 0) {
      throw badRequest(
        formatMessage('help.fillFormFirst'),
        Object.fromEntries(missing.map((name) => [name, formatMessage('validation.required')])),
      );
    }
    const projectId = Number(fields.project);
    const [project] = Number.isInteger(projectId)
      ? await database.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1)
      : [];
    if (!project) {
      throw badRequest('Projet inconnu.', { project: 'Projet inconnu.' });
    }
    if ((fields.subject ?? '').length > 255 || (fields.problem_description ?? '').length > MAX_TEXT) {
      throw badRequest(formatMessage('validation.tooLong', { max: MAX_TEXT }));
    }
    const principal = principalOf(request);
    let storedKey: string | undefined;
    try {
      const id = await database.transaction(async (transaction) => {
        const [created] = await transaction
          .insert(incidents)
          .values({
            userId: principal.userId,
            subject: fields.subject ?? '',
            projectId: project.id,
            description: fields.problem_description ?? '',
            attachmentName: attachment?.name ?? null,
            requestId: String(request.id),
          })
          .returning({ id: incidents.id });
        const incidentId = created?.id ?? 0;
        if (attachment) {
          // a generated key: the user's file name stays in attachment_name
          storedKey = `incidents/${incidentId}/${randomUUID()}`;
          await storage.put(storedKey, attachment.content);
          await transaction.update(incidents).set({ attachmentPath: storedKey }).where(eq(incidents.id, incidentId));
        }
        await recordAudit(transaction, auditContext(request), {
          entity: 'incident',
          entityId: incidentId,
          action: 'create',
          after: { subject: fields.subject, projectId: project.id, attachment: attachment?.name ?? null },
        });
        return incidentId;
      });
      return { success: true, id, message: formatMessage('help.submitted') };
    } catch (error) {
      // the incident was not recorded: its file goes too
      if (storedKey) {
        await storage.remove(storedKey);
      }
      throw error;
    }
  });
}
