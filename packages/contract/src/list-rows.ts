import type { AgencyLegalStatus } from './legal-folder.js';
import type { MarketRecord } from './markets.js';
import type { OrderContextFields, OrderOracleStatus } from './orders.js';

/*
 * The rows the server's lists send (`GET /<list>`: a page of rows, one per record, column name → value).
 * The server's list definition declares exactly these columns (`columnsOf<Row>`), the web's tables and
 * pickers read them: one declaration for both sides.
 */

export type AgencyRow = {
  id: number;
  name: string;
  companyId: number;
  companyName: string;
  siret: string;
  edifice: string | null;
  manager: string | null;
  mail: string | null;
  phone: string | null;
  status: AgencyLegalStatus;
  documentsCompleted: boolean;
  inThirdParty: boolean;
  synchronize: boolean;
};

export type BpuRow = {
  id: number;
  name: string;
  bpuTemplateId: number;
  bpuTemplateName: string;
  marketId: number | null;
  locked: boolean;
};

export type BpuTemplateRow = { id: number; name: string; prestationCount: number };

export type CategoryRow = { id: number; name: string; parentId: number | null; parentName: string | null };

export type CompanyRow = {
  id: number;
  edifice: string;
  name: string;
  siren: string | null;
  manager: string | null;
  mail: string | null;
  agencyCount: number;
};

/** A row of the documents screen (`GET /documents`, every owner's documents in scope). */
export type DocumentListRow = {
  id: number;
  filename: string;
  /** The file name again (left out of the CSV). */
  name: string;
  typeId: number;
  typeName: string;
  comment: string | null;
  size: number;
  entity: string;
  entityId: number;
  ownerName: string | null;
  /** The record whose screen shows the owner (an envelope's contract); null for the other owners. */
  ownerParentId: number | null;
  nodeId: number | null;
  statusWF: string | null;
  nodeCode: string | null;
  createdAt: string;
};

/**
 * A row of one owner record's documents (`GET /documents?entity=&id=`, the document manager), newest first;
 * not a list query: no page, sort nor filter.
 */
export type OwnerDocumentRow = {
  id: number;
  version: number;
  filename: string;
  comment: string | null;
  size: number;
  createdAt: string;
  entity: string;
  entityId: number;
  typeId: number;
  typeName: string;
  /** The node of the document's workflow token (null without a workflow). */
  statusWF: string | null;
};

/** A document's detail (`GET /documents/{id}`): its row, the record it belongs to, and whether the caller may delete it now. */
export type DocumentDetail = OwnerDocumentRow & {
  /** The owner record's name, and the record whose screen shows it (an envelope's contract). */
  ownerName: string | null;
  ownerParentId: number | null;
  /** The node code of the document's own workflow token. */
  nodeCode: string | null;
  /** The owner's update right and the owner's rule (spec 2 §4). */
  canDelete: boolean;
};

/** A row of the market lists (`GET /markets`, `/markets/active`, `/agency/{id}/markets`). */
export type MarketRow = {
  id: number;
  edifice: string;
  /** The edifice again, under the name other screens read (document owners, token tables). */
  name: string;
  agencyId: number;
  agencyName: string;
  companyId: number;
  companyName: string;
  projectId: number;
  projectName: string;
  contractNumber: string | null;
  maxAmountDC4: string;
  tva: MarketRecord['tva'];
  depositType: MarketRecord['depositType'];
  rgRate: string | null;
  threshold: string | null;
  paymentTypeName: string;
  paymentTermName: string;
  toEvaluate: boolean;
  active: boolean;
  nodeId: number | null;
  nodeName: string | null;
  createdAt: string;
};

export type OrderTemplateRow = {
  id: number;
  name: string;
  bpuTemplateId: number;
  bpuTemplateName: string;
  prestationCount: number;
};

/** A row of the order list (`GET /orders`, spec 2 /sst/orders). */
export type OrderRow = OrderContextFields & {
  id: number;
  reference: string;
  name: string;
  marketId: number;
  marketEdifice: string;
  agencyId: number;
  agencyName: string;
  projectType: string | null;
  mainClient: string | null;
  oracleStatus: OrderOracleStatus;
  followerId: number | null;
  creatorName: string | null;
  total: string;
  totalTTC: string;
  endDate: string | null;
  deliveryDate: string | null;
  releaseDate: string | null;
  nodeId: number | null;
  nodeName: string | null;
  nodeCode: string | null;
  createdAt: string;
};

export type PopupRow = {
  id: number;
  title: string;
  active: boolean;
  usersCount: number;
  closedCount: number;
  createdAt: string;
  updatedAt: string;
};

export type PrestationRow = {
  id: number;
  bpuTemplateId: number;
  bpuTemplateName: string;
  referenceName: string;
  categoryParentName: string | null;
  categoryName: string;
  code: string;
  description: string;
  unitName: string;
  typeName: string;
};

export type OscarProjectRow = {
  id: number;
  name: string;
  dsp: string | null;
  oiCode: string | null;
  subprojectCount: number;
  projectId: number | null;
  projectCode: string | null;
};

export type ProjectRow = {
  id: number;
  code: string;
  name: string;
  typeId: number | null;
  typeName: string | null;
  managerName: string | null;
};

export type RoleRow = {
  id: number;
  name: string;
  description: string;
  visibility: number;
  parentRoleId: number | null;
  parentRoleName: string | null;
  userCount: number;
};

/** A stored PDF model: a payment guarantee or a contract template (spec 2 §3). */
export type TemplateFileRow = {
  id: number;
  templateName: string;
  filename: string;
  size: number;
  createdAt: string;
  documentTypeId: number | null;
  documentTypeName: string | null;
  documentTypeCode: string | null;
};

export type UserRow = {
  id: number;
  uid: string;
  name: string;
  mail: string | null;
  roleId: number;
  roleName: string;
  managerName: string | null;
  engagement: string;
  service: string | null;
  parentId: number | null;
  active: boolean;
};
