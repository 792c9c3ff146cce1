import { ENTITY_CODES, ROLE_OPTIONS } from '@isf/contract';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { menus } from '../../db/schema/index.js';
import { access } from '../../platform/access.js';

/** Catalogues of the role editor: entity codes, role options, menus. */
export function registerCatalogueRoutes(app: FastifyInstance, database: Database): void {
  const roleRead = { access: access.right('role', 'read') };
  app.get('/api/entities', { config: roleRead }, async () => ENTITY_CODES);
  app.get('/api/role/options', { config: roleRead }, async () => ROLE_OPTIONS);
  app.get('/api/menus', { config: roleRead }, async () =>
    database
      .select({ id: menus.id, title: menus.title, path: menus.path, parent: menus.parentId })
      .from(menus)
      .orderBy(asc(menus.position), asc(menus.id)),
  );
}
