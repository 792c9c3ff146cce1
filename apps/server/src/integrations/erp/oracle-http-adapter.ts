import { z } from 'zod';
import {
  type Erp,
  ErpError,
  ErpInvalidResponse,
  type ErpInvoice,
  type ErpPerson,
  type ErpProject,
  ErpRefusal,
  type ErpRetentionInvoiceRequest,
  type ErpTask,
} from './erp.port.js';
import { equals, oracleProcurement } from './oracle-procurement.js';

const RESOURCES_PATH = '/fscmRestApi/resources/11.13.18.05';
const HCM_RESOURCES_PATH = '/hcmRestApi/resources/11.13.18.05';
/** Oracle serves at most 500 rows a page. */
const MAX_PAGE_SIZE = 500;
/** A bound on the pages of one collection, so a reply that always says `hasMore` cannot loop for ever. */
const MAX_PAGES = 1_000;

const text = z.string().nullish();

const projectSchema = z.object({
  ProjectId: z.number().int(),
  ProjectName: z.string(),
  ProjectNumber: z.string(),
  ProjectDescription: text,
  ProjectTypeName: text,
  ProjectUnitName: text,
  ProjectStatus: text,
  BusinessUnitName: text,
  OwningOrganizationName: text,
  LegalEntityName: text,
  ProjectStartDate: text,
  ProjectEndDate: text,
  ProjectManagerName: text,
});

const taskSchema = z.object({
  TaskId: z.number().int(),
  TaskName: z.string(),
  TaskNumber: z.string(),
  TaskDescription: text,
});

const workerSchema = z.object({
  PersonId: z.number().int(),
  PersonNumber: text,
  DisplayName: text,
  FirstName: text,
  LastName: text,
  WorkEmail: text,
});

const invoiceSchema = z.object({
  InvoiceId: z.number().int(),
  InvoiceNumber: z.string(),
  InvoiceAmount: z.union([z.number(), z.string()]),
  ValidationStatus: text,
});

const pageSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), hasMore: z.boolean(), count: z.number().int().optional() });

const errorSchema = z.object({
  title: z.string().optional(),
  detail: z.string().optional(),
  'o:errorDetails': z.array(z.object({ detail: z.string().optional() })).optional(),
});

export type OracleErpOptions = {
  baseUrl: string;
  username?: string;
  password?: string;
  /** Rows asked per page (limit); at most 500. */
  pageSize?: number;
  timeoutMs?: number;
};

const dateOf = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);

/** An Oracle REST project as ISF keeps it (also how the demo seed stores the simulator fixtures). */
export function toProject(item: z.infer<typeof projectSchema>): ErpProject {
  return {
    erpProjectId: item.ProjectId,
    name: item.ProjectName,
    number: item.ProjectNumber,
    typeName: item.ProjectTypeName ?? null,
    unitName: item.ProjectUnitName ?? null,
    status: item.ProjectStatus ?? null,
    businessUnitName: item.BusinessUnitName ?? null,
    owningOrganizationName: item.OwningOrganizationName ?? null,
    legalEntityName: item.LegalEntityName ?? null,
    startDate: dateOf(item.ProjectStartDate),
    endDate: dateOf(item.ProjectEndDate),
    managerName: item.ProjectManagerName ?? null,
    description: item.ProjectDescription ?? null,
  };
}

/** An Oracle REST task as ISF keeps it. */
export function toTask(item: z.infer<typeof taskSchema>): ErpTask {
  return { erpTaskId: item.TaskId, name: item.TaskName, number: item.TaskNumber, description: item.TaskDescription ?? null };
}

/** A person with a name: the display name, or first and last names when Oracle gives no display name. */
function toPerson(item: z.infer<typeof workerSchema>): ErpPerson {
  const displayName = item.DisplayName?.trim() || [item.FirstName, item.LastName].filter(Boolean).join(' ').trim();
  if (!displayName) {
    throw new ErpInvalidResponse(`Réponse invalide de Oracle : la personne ${item.PersonId} n'a pas de nom.`);
  }
  return { personId: item.PersonId, personNumber: item.PersonNumber ?? null, displayName, workEmail: item.WorkEmail ?? null };
}

function toInvoice(item: z.infer<typeof invoiceSchema>): ErpInvoice {
  return {
    invoiceId: item.InvoiceId,
    invoiceNumber: item.InvoiceNumber,
    amount: typeof item.InvoiceAmount === 'number' ? item.InvoiceAmount.toFixed(2) : item.InvoiceAmount,
    validationStatus: item.ValidationStatus ?? null,
  };
}

/** The Payables invoice body of a retention invoice: one line carrying the project and task. */
function retentionInvoiceBody(invoice: ErpRetentionInvoiceRequest) {
  // JSON has only binary numbers: the two-decimal text becomes one at the wire, nowhere before
  const amount = Number(invoice.amount);
  return {
    InvoiceNumber: invoice.invoiceNumber,
    InvoiceCurrency: invoice.currency,
    InvoiceAmount: amount,
    InvoiceDate: invoice.invoiceDate,
    InvoiceType: invoice.invoiceType,
    BusinessUnit: invoice.businessUnit,
    Supplier: invoice.supplier,
    SupplierSite: invoice.supplierSite,
    Description: invoice.description,
    ...(invoice.payGroup ? { PayGroup: invoice.payGroup } : {}),
    invoiceLines: [
      {
        LineNumber: 1,
        LineType: 'Item',
        LineAmount: amount,
        Description: invoice.description,
        ...(invoice.projectNumber ? { ProjectNumber: invoice.projectNumber } : {}),
        ...(invoice.taskNumber ? { TaskNumber: invoice.taskNumber } : {}),
      },
    ],
  };
}

/** The text of an Oracle error reply: the ADF error detail, or the plain-text body. */
function errorText(status: number, body: string): string {
  try {
    const parsed = errorSchema.safeParse(JSON.parse(body));
    if (parsed.success) {
      const detail = parsed.data['o:errorDetails']?.[0]?.detail ?? parsed.data.detail ?? parsed.data.title;
      if (detail) {
        return `Erreur Oracle (${status}) : ${detail}`;
      }
    }
  } catch {
    // not JSON: Oracle answers many errors in plain text
  }
  const plain = body.trim();
  if (status === 401 || status === 403) {
    return `Oracle a refusé l'authentification de ISF (${status}).`;
  }
  return plain && plain.length <= 300 && !plain.startsWith('<')
    ? `Erreur Oracle (${status}) : ${plain}`
    : `Erreur Oracle (${status}).`;
}

/**
 * The real adapter: Oracle Fusion Cloud REST (`/fscmRestApi/resources/11.13.18.05`, and
 * `/hcmRestApi/resources/11.13.18.05` for persons), Basic authentication, collections read page by
 * page (`limit`, `offset`, until `hasMore` is false).
 */
export function createOracleErpHttpAdapter(options: OracleErpOptions): Erp {
  const base = options.baseUrl.replace(/\/$/, '');
  const root = `${base}${RESOURCES_PATH}`;
  const hcmRoot = `${base}${HCM_RESOURCES_PATH}`;
  const pageSize = Math.min(Math.max(options.pageSize ?? 100, 1), MAX_PAGE_SIZE);
  const authorization =
    options.username !== undefined
      ? `Basic ${Buffer.from(`${options.username}:${options.password ?? ''}`).toString('base64')}`
      : undefined;

  /**
   * One call. A 4xx other than authentication, a timeout or a rate limit is the ERP refusing the request
   * (ErpRefusal: not retried); anything else that is not a 2xx, or no answer, is an ErpError.
   */
  async function callJson(url: URL | string, init: { method?: string; body?: unknown; contentType?: string } = {}) {
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(init.body !== undefined ? { 'content-type': init.contentType ?? 'application/json' } : {}),
          ...(authorization ? { authorization } : {}),
        },
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
    } catch {
      throw new ErpError('Oracle ne répond pas. Réessayez plus tard.');
    }
    const body = await response.text();
    if (!response.ok) {
      const refused = response.status >= 400 && response.status < 500 && ![401, 403, 408, 429].includes(response.status);
      throw refused ? new ErpRefusal(errorText(response.status, body)) : new ErpError(errorText(response.status, body));
    }
    if (body.trim() === '') {
      return null;
    }
    try {
      return JSON.parse(body);
    } catch {
      throw new ErpInvalidResponse('Réponse invalide de Oracle.');
    }
  }
  const getJson = (url: URL) => callJson(url);

  /** Every page of the collection at `collectionUrl`. */
  async function readAll<Item extends z.ZodType>(
    collectionUrl: string,
    item: Item,
    q?: string,
    extra: Record<string, string> = {},
  ): Promise<z.infer<Item>[]> {
    const schema = pageSchema(item);
    const rows: z.infer<Item>[] = [];
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const url = new URL(collectionUrl);
      if (q) {
        url.searchParams.set('q', q);
      }
      url.searchParams.set('onlyData', 'true');
      for (const [name, value] of Object.entries(extra)) {
        url.searchParams.set(name, value);
      }
      url.searchParams.set('limit', String(pageSize));
      url.searchParams.set('offset', String(rows.length));
      const parsed = schema.safeParse(await getJson(url));
      if (!parsed.success) {
        throw new ErpInvalidResponse('Réponse invalide de Oracle.');
      }
      rows.push(...parsed.data.items);
      if (!parsed.data.hasMore) {
        return rows;
      }
      if (parsed.data.items.length === 0) {
        throw new ErpInvalidResponse('Réponse invalide de Oracle : page vide annoncée suivie d’autres pages.');
      }
    }
    throw new ErpInvalidResponse('Réponse invalide de Oracle : trop de pages.');
  }

  return {
    ...oracleProcurement({ root, callJson, readAll }),
    async listProjects({ businessUnit }) {
      const items = await readAll(`${root}/projects`, projectSchema, equals('BusinessUnitName', businessUnit));
      return items.map(toProject);
    },
    async listTasks(erpProjectId) {
      const items = await readAll(`${root}/projects/${encodeURIComponent(String(erpProjectId))}/child/Tasks`, taskSchema);
      return items.map(toTask);
    },
    async findPeopleByMail(mail) {
      const items = await readAll(`${hcmRoot}/publicWorkers`, workerSchema, equals('WorkEmail', mail));
      return items.map(toPerson);
    },
    async findProjectByNumber(number) {
      const items = await readAll(`${root}/projects`, projectSchema, equals('ProjectNumber', number));
      const [first] = items.map(toProject);
      return first ?? null;
    },
    async findInvoiceByNumber(invoiceNumber) {
      const items = await readAll(`${root}/invoices`, invoiceSchema, equals('InvoiceNumber', invoiceNumber));
      const [first] = items.map(toInvoice);
      return first ?? null;
    },
    async createRetentionInvoice(invoice) {
      const created = await callJson(`${root}/invoices`, {
        method: 'POST',
        body: retentionInvoiceBody(invoice),
        contentType: 'application/vnd.oracle.adf.resourceitem+json',
      });
      const parsed = invoiceSchema.safeParse(created);
      if (!parsed.success) {
        throw new ErpInvalidResponse('Réponse invalide de Oracle.');
      }
      return toInvoice(parsed.data);
    },
  };
}
