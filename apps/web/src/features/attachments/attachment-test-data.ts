import type {
  AttachmentDetailRecord,
  AttachmentPrestationLine,
  EntityCode,
  ItemTransition,
  RightAction,
  WorkflowTokenRecord,
} from '@isf/contract';
import { vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, reply } from '../../lib/testing';

/** Test data of the attachment screens: a detail record, its lines, its token and a fetch stub. */
export const DRAFT = { nodeId: 21, nodeName: 'Brouillon', nodeCode: 'att_draft', updatedAt: new Date().toISOString() };

export function attachmentRecord(overrides: Partial<AttachmentDetailRecord> = {}): AttachmentDetailRecord {
  return {
    id: 5,
    version: 3,
    reference: 'AQF-M2025-2026-00001-A002',
    observation: 'Tranche 2',
    isDGD: false,
    amount: '800.00',
    totalRg: '40.00',
    rgRate: '5.00',
    rgReleaseDate: '2027-06-30',
    depositUsed: '0.00',
    netAmount: '760.00',
    order: 1,
    orderReference: 'AQF-M2025-2026-00001',
    orderName: 'Raccordement lotissement',
    orderTotal: '1250.00',
    market: 2,
    marketEdifice: 'AQF-M2025',
    contractNumber: 'CT-2025-01',
    agency: 3,
    agencyName: 'Agence de Pau',
    project: 4,
    projectName: 'Bordeaux Métropole',
    bpu: 6,
    imputationEotp: 'EOTP-1',
    oracleProjectName: 'PRJ-ORA',
    oracleTaskName: 'TACHE-1',
    oscarSubProjectName: 'SP-33',
    arcgisName: 'ARC-33',
    nroName: 'NRO-33',
    offerIdPm: 'PM-33',
    follower: 7,
    followerName: 'Alice Administratrice',
    creator: 7,
    creatorName: 'Alice Administratrice',
    validator: null,
    validatorName: null,
    validatedAt: null,
    retention: { type: 'basic', marketType: 'basic', rate: '5.00', threshold: null },
    oracleStatus: 'NOT_AVAILABLE',
    oracleId: null,
    canSendToOracle: false,
    erpSend: null,
    locked: false,
    editable: true,
    editRefusal: null,
    overOrdered: false,
    warranties: [],
    monthlyStatement: null,
    releaseStatements: [],
    createdAt: '2026-01-05T08:00:00.000Z',
    statusWF: DRAFT,
    checks: {
      amount: '800.00',
      isDGD: false,
      orderTotal: '1250.00',
      attachmentsTotal: '800.00',
      lastOtherPresentedAt: null,
      agencyMissing: false,
      agencyAnomaly: false,
    },
    ...overrides,
  };
}

export function line(overrides: Partial<AttachmentPrestationLine> = {}): AttachmentPrestationLine {
  return {
    prestation: 100,
    category: 'Génie civil',
    subcategory: 'Tranchée',
    reference: 'GC-01',
    code: 'GC01',
    description: 'Tranchée sous chaussée',
    unit: 'ml',
    unitPrice: '50.00',
    orderedQuantity: '20.0',
    cumulativePreviousQuantity: '10.0',
    quantity: '8.0',
    cumulativeQuantity: '18.0',
    total: '400.00',
    lineId: 900,
    overOrdered: false,
    ...overrides,
  };
}

export function tokenOf(attachment: AttachmentDetailRecord): WorkflowTokenRecord {
  const node = attachment.statusWF ?? DRAFT;
  return {
    id: 40,
    version: 2,
    entity: 'attachement',
    entityId: attachment.id,
    node: { id: node.nodeId, name: node.nodeName, nodeCode: node.nodeCode, nodeType: 2 },
    workflow: { id: 2, code: 'attachement', name: 'Attachement' },
    creator: null,
    createdAt: node.updatedAt,
    updatedAt: node.updatedAt,
  };
}

export function transition(overrides: Partial<ItemTransition> & Pick<ItemTransition, 'name' | 'toNodeCode'>): ItemTransition {
  return {
    id: 31,
    transitionCode: 'att_submit_to_cdp',
    transitionType: 1,
    helper: null,
    disabled: false,
    hidden: false,
    fromNode: 21,
    toNode: 22,
    toNodeName: overrides.toNodeCode,
    toNodeType: 2,
    workflowId: 2,
    onBehalfOf: null,
    ...overrides,
  };
}

export type ServeOptions = {
  lines?: AttachmentPrestationLine[];
  transitions?: ItemTransition[];
  evaluationDue?: boolean;
  /** Replies of other paths, checked first. */
  extra?: (method: string, url: string, init?: RequestInit) => Response | Promise<Response> | undefined;
};

/** Stubs fetch with the attachment's API; returns the mock to read the calls. */
export function serveAttachment(attachment: AttachmentDetailRecord, options: ServeOptions = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const extra = options.extra?.(method, url, init);
    if (extra) {
      return extra;
    }
    if (method === 'PUT' && url === `/api/attachement/${attachment.id}`) {
      return reply(200, { success: true, id: attachment.id, record: { ...attachment, version: attachment.version + 1 } });
    }
    if (method === 'POST' && url.startsWith('/api/wftoken/move/')) {
      return reply(200, { success: true, tokenId: 40 });
    }
    if (method === 'POST' && url === `/api/oracle/attachement/${attachment.id}`) {
      return reply(200, {
        success: true,
        oracleStatus: 'NOT_AVAILABLE',
        message: "L'attachement est en file d'attente d'envoi à Oracle.",
      });
    }
    if (method === 'POST' && url.startsWith('/api/evaluation/project/')) {
      return reply(200, url.endsWith('/skip') ? { success: true, answered: 'skipped', due: false } : { success: true, id: 77 });
    }
    if (url.startsWith('/api/evaluation/project/')) {
      const due = options.evaluationDue ?? false;
      return reply(200, { toEvaluate: due, month: '2026-01', answered: null, due });
    }
    if (url.startsWith(`/api/attachement/${attachment.id}/prestations`)) {
      return reply(200, options.lines ?? [line()]);
    }
    if (url === `/api/attachement/${attachment.id}`) {
      return reply(200, attachment);
    }
    if (url.startsWith('/api/wftoken/history/')) {
      return reply(200, []);
    }
    if (url.startsWith(`/api/wftoken/attachement/${attachment.id}`)) {
      return reply(200, tokenOf(attachment));
    }
    if (url.startsWith('/api/node/')) {
      return reply(200, options.transitions ?? []);
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function signInWith(
  rights: Partial<Record<RightAction, EntityCode[]>>,
  options: { options?: string[]; ftth?: boolean; userId?: number } = {},
) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: {
      ...profile,
      id: options.userId ?? profile.id,
      ftth: options.ftth ?? false,
      role: {
        ...profile.role,
        rights: { create: [], read: ['attachement'], update: [], delete: [], ...rights },
        options: options.options ?? [],
      },
    },
  });
}

export function callsOf(fetchMock: ReturnType<typeof serveAttachment>, method: string) {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url, init]) => ({
      url: String(url),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
    }));
}
