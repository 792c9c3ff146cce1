import {
  type EntityCode,
  EVALUATION_DOCUMENT_OWNER,
  EVALUATION_DOCUMENT_TYPE_CODE,
  EVALUATION_ENTITY_LIST,
  EVALUATION_FILE_TOO_LARGE_MESSAGE,
  EVALUATION_MAX_FILE_BYTES,
  type RightAction,
} from '@isf/contract';
import type { Database } from '../../db/client.js';
import type { ListDefinition } from '../../platform/list-engine.js';
import { can, type Principal } from '../../platform/principal.js';
import { attachmentDocumentRemovalRefusal } from '../attachments/attachment-editing.js';
import { attachmentList } from '../attachments/attachments.lists.js';
import { agencyList, companyList } from '../companies/companies.lists.js';
import { envelopeList } from '../contracts/contracts.lists.js';
import { envelopeDocumentRefusal } from '../contracts/envelopes.service.js';
import { evaluationList } from '../evaluations/evaluations.scope.js';
import { marketList } from '../markets/markets.lists.js';
import { orderDocumentRemovalRefusal } from '../orders/order-documents.js';
import { orderList } from '../orders/orders.lists.js';
import { projectList } from '../projects/projects.list.js';

/**
 * The records documents may be attached to, each with the list whose scope decides who sees them.
 * Later areas add themselves here.
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
};

export const DOCUMENT_OWNERS: Record<string, DocumentOwnerDefinition> = {
  company: { entity: 'company', list: companyList },
  agency: { entity: 'agency', list: agencyList },
  project: { entity: 'project', list: projectList },
  subcontractor_market: { entity: 'subcontractor_market', list: marketList },
  order: { entity: 'order', list: orderList, removalRefusal: orderDocumentRemovalRefusal },
  attachement: { entity: 'attachement', list: attachmentList, removalRefusal: attachmentDocumentRemovalRefusal },
  // spec 2 §4: an envelope's documents are added and deleted only in draft, with the update right on envelopes
  envelope: {
    entity: 'envelope',
    list: envelopeList,
    removalRefusal: envelopeDocumentRefusal,
    uploadRefusal: envelopeDocumentRefusal,
  },
  // spec 3 §5: evaluation attachments, 2 MB at most, of the evaluation type (the spec's legacy id 11)
  [EVALUATION_DOCUMENT_OWNER]: {
    entity: EVALUATION_ENTITY_LIST,
    list: evaluationList,
    maxFile: { bytes: EVALUATION_MAX_FILE_BYTES, message: EVALUATION_FILE_TOO_LARGE_MESSAGE },
    typeCode: EVALUATION_DOCUMENT_TYPE_CODE,
  },
};

/** Whether the principal holds the action on the owner's entity (on any of them, for several). */
export function ownerAllows(owner: DocumentOwnerDefinition, principal: Principal, action: RightAction): boolean {
  const entities: readonly EntityCode[] = typeof owner.entity === 'string' ? [owner.entity] : owner.entity;
  return entities.some((entity) => can(principal, entity, action));
}

export type DocumentOwner = keyof typeof DOCUMENT_OWNERS;
