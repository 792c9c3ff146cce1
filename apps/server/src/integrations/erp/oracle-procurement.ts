import { z } from 'zod';
import {
  type Erp,
  ErpInvalidResponse,
  type ErpPurchaseOrder,
  type ErpPurchaseOrderDraft,
  type ErpReceiptLineError,
  type ErpReceiptRequest,
  type ErpReceiptRequestDraft,
} from './erp.port.js';

/** An equality term of the `q` parameter, the value quoted (inner quotes doubled). */
export function equals(attribute: string, value: string): string {
  return `${attribute}='${value.replace(/'/g, "''")}'`;
}

/** The action media type of Oracle REST (`…/action/submit`). */
const ACTION_CONTENT_TYPE = 'application/vnd.oracle.adf.action+json';

const purchaseOrderSchema = z.object({
  POHeaderId: z.number().int(),
  OrderNumber: z.string(),
  StatusCode: z.string().nullish(),
});

const receiptLineSchema = z.object({
  InterfaceTransactionId: z.number().int(),
  InterfaceSourceLineId: z.number().int(),
  ProcessingStatusCode: z.string().nullish(),
});

const receiptSchema = z.object({
  HeaderInterfaceId: z.number().int(),
  ShipmentNumber: z.string(),
  ProcessingStatusCode: z.enum(['PENDING', 'RUNNING', 'SUCCESS', 'ERROR']),
  ReceiptNumber: z.string().nullish(),
  lines: z.array(receiptLineSchema).optional(),
});

const processingErrorSchema = z.object({
  InterfaceErrorId: z.number().int(),
  ErrorMessage: z.string().nullish(),
  ErrorMessageName: z.string().nullish(),
  ColumnName: z.string().nullish(),
});

type CallJson = (url: string, init?: { method?: string; body?: unknown; contentType?: string }) => Promise<unknown>;
type ReadAll = <Item extends z.ZodType>(
  collectionUrl: string,
  item: Item,
  q?: string,
  extra?: Record<string, string>,
) => Promise<z.infer<Item>[]>;

function parse<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ErpInvalidResponse('Réponse invalide de Oracle.');
  }
  return parsed.data;
}

function toPurchaseOrder(item: z.infer<typeof purchaseOrderSchema>, draft: boolean): ErpPurchaseOrder {
  return { poHeaderId: item.POHeaderId, orderNumber: item.OrderNumber, status: item.StatusCode ?? '', draft };
}

function toReceipt(item: z.infer<typeof receiptSchema>): ErpReceiptRequest {
  return {
    headerInterfaceId: item.HeaderInterfaceId,
    reference: item.ShipmentNumber,
    processingStatus: item.ProcessingStatusCode,
    receiptNumber: item.ReceiptNumber ?? null,
    lines: (item.lines ?? []).map((line) => ({
      interfaceTransactionId: line.InterfaceTransactionId,
      lineNumber: line.InterfaceSourceLineId,
      processingStatus: line.ProcessingStatusCode ?? '',
    })),
  };
}

/** A decimal text as a JSON number: at most 15 significant digits, so it round-trips exactly. */
function decimal(value: string): number {
  return Number(value);
}

/** The Oracle REST body of a draft purchase order: header, lines, one schedule and one distribution each. */
export function draftPurchaseOrderBody(draft: ErpPurchaseOrderDraft) {
  return {
    ReferenceNumber: draft.reference,
    Description: draft.description,
    ProcurementBU: draft.procurementBusinessUnit,
    RequisitioningBU: draft.requisitioningBusinessUnit,
    Buyer: draft.buyer,
    DocumentStyle: draft.documentStyle,
    CurrencyCode: draft.currencyCode,
    Supplier: draft.supplier,
    ...(draft.supplierSite ? { SupplierSite: draft.supplierSite } : {}),
    lines: draft.lines.map((line) => ({
      LineNumber: line.lineNumber,
      LineType: draft.lineType,
      Description: line.description,
      Quantity: decimal(line.quantity),
      UOM: line.unitOfMeasure,
      Price: decimal(line.unitPrice),
      Amount: decimal(line.amount),
      ...(draft.taxClassification ? { TaxClassificationCode: draft.taxClassification } : {}),
      schedules: [
        {
          ScheduleNumber: 1,
          Quantity: decimal(line.quantity),
          DestinationType: draft.destinationType,
          RequestedDeliveryDate: line.needByDate,
          distributions: [
            {
              DistributionNumber: 1,
              Quantity: decimal(line.quantity),
              projectDFF: [
                {
                  __FLEX_Context: 'PO_Distributions',
                  projectNumber_Display: line.costing.projectNumber,
                  taskNumber_Display: line.costing.taskNumber,
                  expenditureTypeId_Display: line.costing.expenditureType,
                  expenditureItemDate: line.costing.expenditureItemDate,
                  ...(line.costing.expenditureOrganization
                    ? { organizationId_Display: line.costing.expenditureOrganization }
                    : {}),
                },
              ],
            },
          ],
        },
      ],
    })),
  };
}

/** The Oracle REST body of a receipt request: amount-based service lines against the purchase order's lines. */
export function receiptRequestBody(draft: ErpReceiptRequestDraft) {
  return {
    ReceiptSourceCode: 'VENDOR',
    ShipmentNumber: draft.reference,
    BusinessUnit: draft.businessUnit,
    OrganizationCode: draft.organizationCode,
    VendorName: draft.supplier,
    lines: draft.lines.map((line) => ({
      InterfaceSourceLineId: line.lineNumber,
      ReceiptSourceCode: 'VENDOR',
      SourceDocumentCode: 'PO',
      TransactionType: 'RECEIVE',
      AutoTransactCode: 'DELIVER',
      RoutingCode: draft.routing,
      DocumentNumber: draft.orderNumber,
      DocumentLineNumber: line.documentLineNumber,
      DocumentScheduleNumber: 1,
      ItemDescription: line.description,
      Amount: decimal(line.amount),
      CurrencyCode: draft.currencyCode,
      OrganizationCode: draft.organizationCode,
    })),
  };
}

type ProcurementPart = Pick<
  Erp,
  | 'findPurchaseOrder'
  | 'createDraftPurchaseOrder'
  | 'deleteDraftPurchaseOrder'
  | 'submitPurchaseOrder'
  | 'findReceiptRequests'
  | 'createReceiptRequest'
  | 'readReceiptRequest'
  | 'listReceiptErrors'
>;

/**
 * Oracle Fusion Procurement REST for the HTTP adapter: `purchaseOrders`, `draftPurchaseOrders` (with
 * their `submit` action) and `receivingReceiptRequests` with the lines' `processingErrors`.
 */
export function oracleProcurement({
  root,
  callJson,
  readAll,
}: {
  root: string;
  callJson: CallJson;
  readAll: ReadAll;
}): ProcurementPart {
  const receiptUrl = (id: number) => `${root}/receivingReceiptRequests/${encodeURIComponent(String(id))}`;
  return {
    async findPurchaseOrder(reference) {
      const q = equals('ReferenceNumber', reference);
      const [submitted] = await readAll(`${root}/purchaseOrders`, purchaseOrderSchema, q);
      if (submitted) {
        return toPurchaseOrder(submitted, false);
      }
      const [draft] = await readAll(`${root}/draftPurchaseOrders`, purchaseOrderSchema, q);
      return draft ? toPurchaseOrder(draft, true) : null;
    },
    async createDraftPurchaseOrder(draft) {
      const created = await callJson(`${root}/draftPurchaseOrders`, { method: 'POST', body: draftPurchaseOrderBody(draft) });
      return toPurchaseOrder(parse(purchaseOrderSchema, created), true);
    },
    async deleteDraftPurchaseOrder(poHeaderId) {
      await callJson(`${root}/draftPurchaseOrders/${encodeURIComponent(String(poHeaderId))}`, { method: 'DELETE' });
    },
    async submitPurchaseOrder(poHeaderId) {
      await callJson(`${root}/draftPurchaseOrders/${encodeURIComponent(String(poHeaderId))}/action/submit`, {
        method: 'POST',
        body: {},
        contentType: ACTION_CONTENT_TYPE,
      });
      const submitted = await callJson(`${root}/purchaseOrders/${encodeURIComponent(String(poHeaderId))}?onlyData=true`);
      return toPurchaseOrder(parse(purchaseOrderSchema, submitted), false);
    },
    async findReceiptRequests(reference) {
      const items = await readAll(`${root}/receivingReceiptRequests`, receiptSchema, equals('ShipmentNumber', reference), {
        expand: 'lines',
      });
      return items.map(toReceipt);
    },
    async createReceiptRequest(draft) {
      const created = await callJson(`${root}/receivingReceiptRequests`, { method: 'POST', body: receiptRequestBody(draft) });
      return toReceipt(parse(receiptSchema, created));
    },
    async readReceiptRequest(headerInterfaceId) {
      return toReceipt(parse(receiptSchema, await callJson(`${receiptUrl(headerInterfaceId)}?expand=lines&onlyData=true`)));
    },
    async listReceiptErrors(headerInterfaceId) {
      const receipt = toReceipt(
        parse(receiptSchema, await callJson(`${receiptUrl(headerInterfaceId)}?expand=lines&onlyData=true`)),
      );
      const errors: ErpReceiptLineError[] = [];
      for (const line of receipt.lines) {
        const items = await readAll(
          `${receiptUrl(headerInterfaceId)}/child/lines/${line.interfaceTransactionId}/child/processingErrors`,
          processingErrorSchema,
        );
        for (const item of items) {
          errors.push({ lineNumber: line.lineNumber, message: item.ErrorMessage ?? item.ErrorMessageName ?? 'Erreur Oracle' });
        }
      }
      return errors;
    },
  };
}
