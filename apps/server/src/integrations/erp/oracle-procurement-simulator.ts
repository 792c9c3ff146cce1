import Decimal from 'decimal.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ORACLE_PROJECT_FIXTURES, oracleTaskFixtures } from './oracle-fixtures.js';

/** What the simulator does on the next procurement call, in order ('ok': answers normally), then back to the rates. */
export type OracleFault = 'ok' | 'server-error' | 'timeout';

/** The procurement switches of the Oracle simulator (read at every call: a test may change them). */
export type OracleProcurementSwitches = {
  /** Share (0 to 1) of procurement calls answered 500. */
  serverErrorRate?: number;
  /** Share (0 to 1) of procurement calls processed but answered only after `hangMs` (the caller times out). */
  timeoutRate?: number;
  /** How long a timed-out answer is held (default 60 s). */
  hangMs?: number;
  /** Faults of the next procurement calls, one each, before the rates apply. */
  faults?: OracleFault[];
  /** Delay after a purchase order or receipt is stored, before the answer (the ERP has it, ISF not yet). */
  answerDelayMs?: number;
  /** How long the ERP takes to process a receipt request (default 300 ms). */
  receiptProcessingMs?: number;
  /** When set, every receipt line is refused with this message. */
  receiptLineRejection?: string;
};

type PoLine = { lineNumber: number; amount: Decimal; received: Decimal };
type StoredOrder = {
  POHeaderId: number;
  OrderNumber: string;
  ReferenceNumber: string;
  StatusCode: 'INCOMPLETE' | 'OPEN';
  body: Record<string, unknown>;
  lines: PoLine[];
};
type ReceiptLine = {
  InterfaceTransactionId: number;
  InterfaceSourceLineId: number;
  ProcessingStatusCode: string;
  documentLineNumber: number | null;
  amount: Decimal;
  errors: { InterfaceErrorId: number; ErrorMessage: string; ColumnName: string }[];
};
type StoredReceipt = {
  HeaderInterfaceId: number;
  ShipmentNumber: string;
  ProcessingStatusCode: 'PENDING' | 'RUNNING' | 'SUCCESS' | 'ERROR';
  ReceiptNumber: string | null;
  documentNumber: string;
  processAt: number;
  lines: ReceiptLine[];
};

/** What the simulated ERP received: a test counts the purchase orders and receipts of a reference. */
export type OracleProcurementStore = {
  purchaseOrders: StoredOrder[];
  receipts: StoredReceipt[];
};

type Adf = (reply: FastifyReply, status: number, title: string, detail: string) => FastifyReply;
type Page = (request: FastifyRequest, reply: FastifyReply, all: object[], query: Record<string, string | undefined>) => unknown;
type Filter = (q: string | undefined, known: readonly string[]) => Map<string, string> | null;

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.map(record) : []);

function amountOf(value: unknown): Decimal | null {
  if (typeof value !== 'number' && typeof value !== 'string') {
    return null;
  }
  try {
    const amount = new Decimal(value);
    return amount.isFinite() ? amount : null;
  } catch {
    return null;
  }
}

const euros = (amount: Decimal) => amount.toFixed(2);

/** Checks a draft purchase order as Oracle would: its lines and their project costing. */
function purchaseOrderRefusal(body: Record<string, unknown>): string | null {
  for (const attribute of ['ReferenceNumber', 'ProcurementBU', 'Buyer', 'Supplier', 'CurrencyCode', 'DocumentStyle']) {
    if (typeof body[attribute] !== 'string' || body[attribute] === '') {
      return `L'attribut ${attribute} est obligatoire.`;
    }
  }
  const lines = list(body.lines);
  if (lines.length === 0) {
    return 'Une commande doit avoir au moins une ligne.';
  }
  for (const line of lines) {
    const amount = amountOf(line.Amount);
    if (!Number.isInteger(line.LineNumber) || amount === null || amount.isNegative()) {
      return `La ligne ${String(line.LineNumber)} n'a pas de numéro ou de montant valide.`;
    }
    const distribution = list(list(list(line.schedules)[0]?.distributions)[0]?.projectDFF)[0];
    const project = ORACLE_PROJECT_FIXTURES.find((candidate) => candidate.ProjectNumber === distribution?.projectNumber_Display);
    if (!project) {
      return `Ligne ${String(line.LineNumber)} : le projet « ${String(distribution?.projectNumber_Display ?? '')} » n'existe pas.`;
    }
    if (!oracleTaskFixtures(project).some((task) => task.TaskNumber === distribution?.taskNumber_Display)) {
      return `Ligne ${String(line.LineNumber)} : la tâche « ${String(distribution?.taskNumber_Display ?? '')} » n'appartient pas au projet ${project.ProjectNumber}.`;
    }
  }
  return null;
}

/**
 * Oracle Fusion Procurement in the simulator: draft purchase orders (create, delete, `submit`), purchase
 * orders, receipt requests processed asynchronously with per-line processing errors.
 */
export function registerOracleProcurementSimulator(
  app: FastifyInstance,
  root: string,
  switches: OracleProcurementSwitches,
  helpers: { adfError: Adf; collectionPage: Page; knownFilter: Filter },
): OracleProcurementStore {
  const store: OracleProcurementStore = { purchaseOrders: [], receipts: [] };
  const { adfError, collectionPage, knownFilter } = helpers;
  let nextId = 300_000_000_001;
  let nextNumber = 100_001;
  const held = new WeakSet<FastifyRequest>();

  // Oracle's action and item media types are JSON
  for (const type of ['application/vnd.oracle.adf.action+json', 'application/vnd.oracle.adf.resourceitem+json']) {
    if (!app.hasContentTypeParser(type)) {
      app.addContentTypeParser(type, { parseAs: 'string' }, app.getDefaultJsonParser('ignore', 'ignore'));
    }
  }
  const procurementPaths = [`${root}/draftPurchaseOrders`, `${root}/purchaseOrders`, `${root}/receivingReceiptRequests`];
  app.addHook('preHandler', async (request, reply) => {
    if (!procurementPaths.some((path) => request.url.startsWith(path))) {
      return undefined;
    }
    const fault =
      switches.faults?.shift() ??
      (Math.random() < (switches.serverErrorRate ?? 0)
        ? 'server-error'
        : Math.random() < (switches.timeoutRate ?? 0)
          ? 'timeout'
          : undefined);
    if (fault === 'server-error') {
      return adfError(reply, 500, 'Internal Server Error', 'JBO-29000: erreur inattendue du serveur Oracle.');
    }
    if (fault === 'timeout') {
      held.add(request);
    }
    return undefined;
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (held.has(request)) {
      await sleep(switches.hangMs ?? 60_000);
    }
    return payload;
  });
  const afterStore = async () => {
    if (switches.answerDelayMs) {
      await sleep(switches.answerDelayMs);
    }
  };

  const orderView = (order: StoredOrder) => ({
    POHeaderId: order.POHeaderId,
    OrderNumber: order.OrderNumber,
    ReferenceNumber: order.ReferenceNumber,
    StatusCode: order.StatusCode,
    Status: order.StatusCode === 'OPEN' ? 'Ouverte' : 'Incomplète',
    ProcurementBU: order.body.ProcurementBU,
    Supplier: order.body.Supplier,
    CurrencyCode: order.body.CurrencyCode,
    Total: Number(euros(order.lines.reduce((sum, line) => sum.plus(line.amount), new Decimal(0)))),
  });

  const ordersOf = (draft: boolean) => store.purchaseOrders.filter((order) => (order.StatusCode === 'INCOMPLETE') === draft);

  for (const draft of [true, false]) {
    const collection = `${root}/${draft ? 'draftPurchaseOrders' : 'purchaseOrders'}`;
    app.get<{ Querystring: Record<string, string | undefined> }>(collection, async (request, reply) => {
      const filter = knownFilter(request.query.q, ['ReferenceNumber', 'OrderNumber', 'StatusCode']);
      if (!filter) {
        return adfError(reply, 400, 'Bad Request', `Le paramètre q « ${request.query.q ?? ''} » n'est pas valide.`);
      }
      const rows = ordersOf(draft)
        .map(orderView)
        .filter((row) => [...filter.entries()].every(([name, value]) => String(row[name as keyof typeof row]) === value));
      return collectionPage(request, reply, rows, request.query);
    });
    app.get<{ Params: { id: string } }>(`${collection}/:id`, async (request, reply) => {
      const order = ordersOf(draft).find((candidate) => String(candidate.POHeaderId) === request.params.id);
      return order ? orderView(order) : adfError(reply, 404, 'Not Found', `La commande ${request.params.id} n'existe pas.`);
    });
  }

  app.post<{ Body: unknown }>(`${root}/draftPurchaseOrders`, async (request, reply) => {
    const body = record(request.body);
    const refusal = purchaseOrderRefusal(body);
    if (refusal) {
      return adfError(reply, 400, 'Bad Request', refusal);
    }
    const order: StoredOrder = {
      POHeaderId: nextId++,
      OrderNumber: `PO${nextNumber++}`,
      ReferenceNumber: String(body.ReferenceNumber),
      StatusCode: 'INCOMPLETE',
      body,
      lines: list(body.lines).map((line) => ({
        lineNumber: Number(line.LineNumber),
        amount: amountOf(line.Amount) ?? new Decimal(0),
        received: new Decimal(0),
      })),
    };
    store.purchaseOrders.push(order);
    await afterStore();
    return reply.status(201).send(orderView(order));
  });

  app.delete<{ Params: { id: string } }>(`${root}/draftPurchaseOrders/:id`, async (request, reply) => {
    const index = store.purchaseOrders.findIndex(
      (order) => order.StatusCode === 'INCOMPLETE' && String(order.POHeaderId) === request.params.id,
    );
    if (index < 0) {
      return adfError(reply, 404, 'Not Found', `Le brouillon ${request.params.id} n'existe pas.`);
    }
    store.purchaseOrders.splice(index, 1);
    return reply.status(204).send();
  });

  app.post<{ Params: { id: string } }>(`${root}/draftPurchaseOrders/:id/action/submit`, async (request, reply) => {
    const order = store.purchaseOrders.find((candidate) => String(candidate.POHeaderId) === request.params.id);
    if (order?.StatusCode !== 'INCOMPLETE') {
      return adfError(reply, 404, 'Not Found', `Le brouillon ${request.params.id} n'existe pas.`);
    }
    order.StatusCode = 'OPEN';
    await afterStore();
    return { result: 'SUCCESS' };
  });

  /** Processes a receipt request once its time has come: every line checked against its purchase order line. */
  function process(receipt: StoredReceipt) {
    if (receipt.ProcessingStatusCode !== 'PENDING' || Date.now() < receipt.processAt) {
      return;
    }
    const order = store.purchaseOrders.find(
      (candidate) => candidate.StatusCode === 'OPEN' && candidate.OrderNumber === receipt.documentNumber,
    );
    let errorId = 1;
    const pending = new Map<number, Decimal>();
    for (const line of receipt.lines) {
      const refuse = (message: string, column: string) =>
        line.errors.push({
          InterfaceErrorId: receipt.HeaderInterfaceId * 100 + errorId++,
          ErrorMessage: message,
          ColumnName: column,
        });
      const poLine = order?.lines.find((candidate) => candidate.lineNumber === line.documentLineNumber);
      if (switches.receiptLineRejection) {
        refuse(switches.receiptLineRejection, 'AMOUNT');
      } else if (!order) {
        refuse(`La commande ${receipt.documentNumber} n'existe pas ou n'est pas ouverte.`, 'DOCUMENT_NUMBER');
      } else if (!poLine) {
        refuse(
          `La commande ${receipt.documentNumber} n'a pas de ligne ${line.documentLineNumber ?? '(sans numéro)'} à réceptionner.`,
          'DOCUMENT_LINE_NUMBER',
        );
      } else {
        const already = pending.get(poLine.lineNumber) ?? new Decimal(0);
        const remaining = poLine.amount.minus(poLine.received).minus(already);
        if (line.amount.greaterThan(remaining)) {
          refuse(
            `Le montant reçu (${euros(line.amount)}) dépasse le montant restant à réceptionner (${euros(remaining)}) sur la ligne ${poLine.lineNumber} de la commande ${receipt.documentNumber}.`,
            'AMOUNT',
          );
        } else {
          pending.set(poLine.lineNumber, already.plus(line.amount));
        }
      }
    }
    const failed = receipt.lines.some((line) => line.errors.length > 0);
    for (const line of receipt.lines) {
      line.ProcessingStatusCode = failed ? 'ERROR' : 'SUCCESS';
    }
    receipt.ProcessingStatusCode = failed ? 'ERROR' : 'SUCCESS';
    if (!failed && order) {
      for (const [lineNumber, amount] of pending) {
        const poLine = order.lines.find((candidate) => candidate.lineNumber === lineNumber);
        if (poLine) {
          poLine.received = poLine.received.plus(amount);
        }
      }
      receipt.ReceiptNumber = `RCV${receipt.HeaderInterfaceId}`;
    }
  }

  const receiptView = (receipt: StoredReceipt, withLines: boolean) => {
    process(receipt);
    return {
      HeaderInterfaceId: receipt.HeaderInterfaceId,
      ShipmentNumber: receipt.ShipmentNumber,
      ProcessingStatusCode: receipt.ProcessingStatusCode,
      ReceiptNumber: receipt.ReceiptNumber,
      ...(withLines
        ? {
            lines: receipt.lines.map((line) => ({
              InterfaceTransactionId: line.InterfaceTransactionId,
              InterfaceSourceLineId: line.InterfaceSourceLineId,
              ProcessingStatusCode: line.ProcessingStatusCode,
              DocumentLineNumber: line.documentLineNumber,
              Amount: Number(euros(line.amount)),
            })),
          }
        : {}),
    };
  };
  const findReceipt = (id: string) => store.receipts.find((receipt) => String(receipt.HeaderInterfaceId) === id);

  app.get<{ Querystring: Record<string, string | undefined> }>(`${root}/receivingReceiptRequests`, async (request, reply) => {
    const filter = knownFilter(request.query.q, ['ShipmentNumber', 'ProcessingStatusCode']);
    if (!filter) {
      return adfError(reply, 400, 'Bad Request', `Le paramètre q « ${request.query.q ?? ''} » n'est pas valide.`);
    }
    const withLines = (request.query.expand ?? '').split(',').includes('lines');
    const rows = store.receipts
      .map((receipt) => receiptView(receipt, withLines))
      .filter((row) => [...filter.entries()].every(([name, value]) => String(row[name as keyof typeof row]) === value));
    return collectionPage(request, reply, rows, request.query);
  });

  app.get<{ Params: { id: string }; Querystring: { expand?: string } }>(
    `${root}/receivingReceiptRequests/:id`,
    async (request, reply) => {
      const receipt = findReceipt(request.params.id);
      if (!receipt) {
        return adfError(reply, 404, 'Not Found', `La demande de réception ${request.params.id} n'existe pas.`);
      }
      return receiptView(receipt, (request.query.expand ?? '').split(',').includes('lines'));
    },
  );

  app.get<{ Params: { id: string; line: string }; Querystring: Record<string, string | undefined> }>(
    `${root}/receivingReceiptRequests/:id/child/lines/:line/child/processingErrors`,
    async (request, reply) => {
      const receipt = findReceipt(request.params.id);
      const line = receipt?.lines.find((candidate) => String(candidate.InterfaceTransactionId) === request.params.line);
      if (!receipt || !line) {
        return adfError(reply, 404, 'Not Found', `La ligne ${request.params.line} n'existe pas.`);
      }
      process(receipt);
      return collectionPage(request, reply, line.errors, request.query);
    },
  );

  app.post<{ Body: unknown }>(`${root}/receivingReceiptRequests`, async (request, reply) => {
    const body = record(request.body);
    const lines = list(body.lines);
    const documentNumber = lines[0]?.DocumentNumber;
    if (typeof body.ShipmentNumber !== 'string' || lines.length === 0 || typeof documentNumber !== 'string') {
      return adfError(reply, 400, 'Bad Request', 'Une demande de réception doit avoir un numéro, une commande et des lignes.');
    }
    for (const line of lines) {
      const amount = amountOf(line.Amount);
      if (!Number.isInteger(line.InterfaceSourceLineId) || amount === null || !amount.isPositive()) {
        return adfError(reply, 400, 'Bad Request', `La ligne ${String(line.InterfaceSourceLineId)} n'a pas de montant valide.`);
      }
    }
    const headerId = nextId++;
    const receipt: StoredReceipt = {
      HeaderInterfaceId: headerId,
      ShipmentNumber: body.ShipmentNumber,
      ProcessingStatusCode: 'PENDING',
      ReceiptNumber: null,
      documentNumber,
      processAt: Date.now() + (switches.receiptProcessingMs ?? 300),
      lines: lines.map((line, index) => ({
        InterfaceTransactionId: headerId * 1000 + index + 1,
        InterfaceSourceLineId: Number(line.InterfaceSourceLineId),
        ProcessingStatusCode: 'PENDING',
        documentLineNumber: Number.isInteger(line.DocumentLineNumber) ? Number(line.DocumentLineNumber) : null,
        amount: amountOf(line.Amount) ?? new Decimal(0),
        errors: [],
      })),
    };
    store.receipts.push(receipt);
    await afterStore();
    return reply.status(201).send(receiptView(receipt, true));
  });

  return store;
}
