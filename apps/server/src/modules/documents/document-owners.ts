import type { EntityCode, EnvelopeValidator, RightAction } from '@isf/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { ListDefinition } from '../../platform/list-engine.js';
import { can, type Principal } from '../../platform/principal.js';

/**
 * A kind of record documents may be attached to, as its business module registers it, with the list whose
 * scope decides who sees them.
 */
export type DocumentOwnerDefinition = {
  /** The entity whose rights govern the owner; with several, any of them is enough (the list's scope narrows). */
  entity: EntityCode | readonly EntityCode[];
  list: ListDefinition;
  /** A smaller file limit than the documents' own, with its refusal text. */
  maxFile?: { bytes: number; message: string };
  /** The only document type (by code) the owner accepts. */
  typeCode?: string;
  /** A rule on deleting the owner's documents: the French refusal (422), or nothing to allow it. */
  removalRefusal?: (db: Database, ownerId: number, principal: Principal) => Promise<string | null>;
  /** A rule on adding a document to the owner: the French refusal (422), or nothing to allow it. */
  uploadRefusal?: (db: Database, ownerId: number, principal: Principal) => Promise<string | null>;
  /**
   * The documents are part of the owner (an envelope's): whoever reads the owner reads them, and their
   * workflow step follows the owner's (the owner's module moves them), never moved by a person.
   */
  followsOwner?: boolean;
  /** A column of the owner's list naming the record whose screen shows the owner (an envelope's contract). */
  parentColumn?: string;
  /** The validators designated on the owner (an envelope's), shown on each of its documents. */
  validators?: (db: Database, ownerId: number) => Promise<EnvelopeValidator[]>;
};

/**
 * The owners business modules register while they register their routes (`documents.entity` names them);
 * the documents module never imports its owners, it looks them up here.
 */
export function createDocumentOwnerRegistry() {
  const owners = new Map<string, DocumentOwnerDefinition>();
  return {
    registerOwner(name: string, owner: DocumentOwnerDefinition): void {
      owners.set(name, owner);
    },
    owner(name: string): DocumentOwnerDefinition | undefined {
      return owners.get(name);
    },
    /** Every owner with its name, in registration order. */
    owners(): [string, DocumentOwnerDefinition][] {
      return [...owners.entries()];
    },
  };
}

export type DocumentOwnerRegistry = ReturnType<typeof createDocumentOwnerRegistry>;

declare module 'fastify' {
  interface FastifyInstance {
    documentOwners: DocumentOwnerRegistry;
  }
}

/** Before the modules: they register their document owners on `app.documentOwners` while registering. */
export function registerDocumentOwners(app: FastifyInstance): DocumentOwnerRegistry {
  const registry = createDocumentOwnerRegistry();
  app.decorate('documentOwners', registry);
  return registry;
}

/** Whether the principal may read the owner's documents: the document read right, or the owner's when they follow it. */
export function canReadDocumentsOf(owner: DocumentOwnerDefinition, principal: Principal): boolean {
  return ownerAllows(owner, principal, 'read') && (can(principal, 'document', 'read') || owner.followsOwner === true);
}

/** Whether the principal holds the action on the owner's entity (on any of them, for several). */
export function ownerAllows(owner: DocumentOwnerDefinition, principal: Principal, action: RightAction): boolean {
  const entities: readonly EntityCode[] = typeof owner.entity === 'string' ? [owner.entity] : owner.entity;
  return entities.some((entity) => can(principal, entity, action));
}
