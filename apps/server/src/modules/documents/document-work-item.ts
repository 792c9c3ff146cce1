import { type SQL, sql } from 'drizzle-orm';
import type { ListColumn } from '../../platform/list-engine.js';
import type { Principal } from '../../platform/principal.js';
import type { WorkItemKind } from '../workflow/index.js';
import { documentScope } from './document-list.js';
import type { DocumentOwnerRegistry } from './document-owners.js';

/**
 * Documents as work items of the document workflow: a profile sees a document's token when it may read
 * documents and the owner record (company, agency, project, ...) is in its scope.
 */
export function documentWorkItem(registry: DocumentOwnerRegistry): WorkItemKind {
  return {
    entity: 'document',
    scope(principal: Principal, entityId: SQL): SQL {
      return sql`EXISTS (SELECT 1 FROM documents d WHERE d.id = ${entityId} AND ${documentScope(registry, principal)})`;
    },
    label: (entityId) => sql`(SELECT wdoc.filename FROM documents wdoc WHERE wdoc.id = ${entityId})`,
    columns: (entityId) => documentColumns(registry, entityId),
  };
}

/** The name of a document's owner (company, agency, project, ...), read through the owner's own list. */
function ownerName(registry: DocumentOwnerRegistry, document: SQL): SQL {
  const cases = registry.owners().map(([name, owner]) => {
    const idColumn = owner.list.columns[owner.list.idColumn]?.sql ?? sql`NULL`;
    const nameColumn = owner.list.columns.name?.sql ?? sql`NULL`;
    return sql`WHEN ${name} THEN (SELECT (${nameColumn})::text FROM ${owner.list.from} WHERE ${idColumn} = ${document}.entity_id)`;
  });
  return sql`CASE ${document}.entity ${sql.join(cases, sql` `)} END`;
}

/** The node screen's document columns: file name, type and owner (spec 1 §3 Document). */
function documentColumns(registry: DocumentOwnerRegistry, entityId: SQL): Record<string, ListColumn> {
  const of = (expression: SQL) => sql`(SELECT ${expression} FROM documents wdoc WHERE wdoc.id = ${entityId})`;
  return {
    filename: { sql: of(sql`wdoc.filename`), kind: 'text', label: 'Fichier' },
    typeName: {
      sql: of(sql`(SELECT wdt.name FROM document_types wdt WHERE wdt.id = wdoc.document_type_id)`),
      kind: 'text',
      label: 'Type',
    },
    ownerEntity: { sql: of(sql`wdoc.entity`), kind: 'enum', label: 'Rattaché à (objet)' },
    ownerId: { sql: of(sql`wdoc.entity_id`), kind: 'id', label: 'Rattaché à (identifiant)' },
    ownerName: { sql: of(ownerName(registry, sql`wdoc`)), kind: 'text', label: 'Rattaché à' },
  };
}
