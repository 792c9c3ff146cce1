import type { DocumentListRow } from '@isf/contract';
import { type SQL, sql } from 'drizzle-orm';
import { buildWhere, defineList, type ListDefinition } from '../../platform/list-engine.js';
import { can, type Principal } from '../../platform/principal.js';
import { type DocumentOwnerDefinition, type DocumentOwnerRegistry, ownerAllows } from './document-owners.js';

/**
 * The condition on a document row (`d`) that it belongs to an owner record the principal sees: for each owner
 * whose entity it may read, the owner's own list decides (an owner list without scope nor forced condition
 * lets every document of that kind through without a sub-query).
 */
export function documentScope(registry: DocumentOwnerRegistry, principal: Principal): SQL {
  if (!can(principal, 'document', 'read')) {
    return sql`FALSE`;
  }
  const owners = registry
    .owners()
    .filter(([, owner]) => ownerAllows(owner, principal, 'read'))
    .map(([name, owner]) => {
      if (!owner.list.where && !owner.list.scope?.(principal)) {
        return sql`d.entity = ${name}`;
      }
      const idColumn = owner.list.columns[owner.list.idColumn]?.sql ?? sql`NULL`;
      const where = buildWhere(owner.list, { filters: {} }, principal);
      return sql`(d.entity = ${name} AND d.entity_id IN (SELECT ${idColumn} FROM ${owner.list.from} WHERE ${where}))`;
    });
  return owners.length === 0 ? sql`FALSE` : sql`(${sql.join(owners, sql` OR `)})`;
}

/**
 * A column of a document's owner record (its name, the record whose screen shows it), read through the owner's
 * own list for the document row `d`; NULL for owners without that column.
 */
function ownerColumn(registry: DocumentOwnerRegistry, pick: (owner: DocumentOwnerDefinition) => SQL | undefined): SQL {
  const cases = registry.owners().flatMap(([name, owner]) => {
    const idColumn = owner.list.columns[owner.list.idColumn]?.sql ?? sql`NULL`;
    const column = pick(owner);
    return column
      ? [sql`WHEN ${name} THEN (SELECT (${column})::text FROM ${owner.list.from} WHERE ${idColumn} = d.entity_id LIMIT 1)`]
      : [];
  });
  return cases.length === 0 ? sql`NULL` : sql`CASE d.entity ${sql.join(cases, sql` `)} END`;
}

/** The name of a document's owner record (company, agency, order, envelope, ...). */
export const ownerNameSql = (registry: DocumentOwnerRegistry): SQL =>
  ownerColumn(registry, (owner) => owner.list.columns.name?.sql ?? owner.list.columns.reference?.sql);

/** The record whose screen shows the owner (an envelope's contract), for the link to it; NULL for most owners. */
export const ownerParentIdSql = (registry: DocumentOwnerRegistry): SQL =>
  sql`(${ownerColumn(registry, (owner) => (owner.parentColumn ? owner.list.columns[owner.parentColumn]?.sql : undefined))})::int`;

/**
 * Every document of every owner within the caller's scope (spec 2 /documents): built when first asked, since the
 * business modules register their owners while the routes are registered.
 */
export function documentList(registry: DocumentOwnerRegistry): ListDefinition {
  return defineList<DocumentListRow>({
    name: 'documents',
    from: sql`documents d
      JOIN document_types dt ON dt.id = d.document_type_id
      LEFT JOIN workflow_tokens wtd ON wtd.entity_name = 'document' AND wtd.entity_id = d.id
      LEFT JOIN workflow_nodes wnd ON wnd.id = wtd.node_id`,
    countFrom: sql`documents d`,
    idColumn: 'id',
    columns: {
      id: { sql: sql`d.id`, kind: 'id', label: 'ID' },
      filename: { sql: sql`d.filename`, kind: 'text', label: 'Fichier' },
      name: { sql: sql`d.filename`, kind: 'text', label: 'Nom', hiddenInCsv: true },
      typeId: { sql: sql`d.document_type_id`, kind: 'id', label: 'Type (id)', hiddenInCsv: true },
      typeName: { sql: sql`dt.name`, kind: 'text', label: 'Type', joined: true },
      comment: { sql: sql`d.comment`, kind: 'text', label: 'Commentaire' },
      size: { sql: sql`d.size`, kind: 'number', label: 'Taille (octets)' },
      entity: { sql: sql`d.entity`, kind: 'enum', label: 'Rattaché à (objet)' },
      entityId: { sql: sql`d.entity_id`, kind: 'id', label: 'Rattaché à (identifiant)' },
      ownerName: { sql: ownerNameSql(registry), kind: 'text', label: 'Rattaché à', sortable: false },
      ownerParentId: {
        sql: ownerParentIdSql(registry),
        kind: 'id',
        label: 'Rattaché à (parent)',
        hiddenInCsv: true,
        sortable: false,
        filterable: false,
      },
      nodeId: { sql: sql`wnd.id`, kind: 'id', label: 'Étape (id)', hiddenInCsv: true, joined: true },
      statusWF: { sql: sql`wnd.name`, kind: 'text', label: 'Statut', joined: true },
      nodeCode: { sql: sql`wnd.code`, kind: 'text', label: 'Code étape', hiddenInCsv: true, joined: true },
      createdAt: { sql: sql`d.created_at`, kind: 'date', label: 'Créé le' },
    },
    defaultSort: { column: 'id', direction: 'asc' },
    scope: (principal) => documentScope(registry, principal),
  });
}
