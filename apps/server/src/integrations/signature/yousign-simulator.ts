import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { signWebhookBody, WEBHOOK_SIGNATURE_HEADER } from './webhook-signature.js';

export type SignatureOutcome = 'done' | 'declined' | 'expired';

export type SignatureSimulatorSwitches = {
  /** Delay between activation and the outcome; 0 or less: the outcome waits for `complete`. */
  delayMs?: number;
  /** The outcome of every request once the delay is over. */
  outcome?: SignatureOutcome;
  /** The signer's reason when the outcome is declined. */
  declineReason?: string;
  /** The secret the webhooks are signed with (ISF's webhook secret). */
  webhookSecret: string;
  /** ISF's webhook address; also settable once ISF listens (`setWebhookUrl`). */
  webhookUrl?: string;
};

type SimulatedDocument = { id: string; fileName: string; content: Buffer; anchors: string[] };
type SimulatedSigner = { id: string; firstName: string; lastName: string; email: string };
type SimulatedRequest = {
  id: string;
  name: string;
  externalId: string | null;
  status: 'draft' | 'ongoing' | 'done' | 'declined' | 'expired';
  reason: string | null;
  documents: SimulatedDocument[];
  signers: SimulatedSigner[];
  createdAt: string;
};

/** Smart anchors as Yousign parses them (`{{key|signature|width|height}}`): their first part names the anchor. */
const SMART_ANCHOR = /\{\{([^|{}\s]+)\|signature\|\d+\|\d+\}\}/g;

function anchorsOf(content: Buffer): string[] {
  return [...new Set([...content.toString('latin1').matchAll(SMART_ANCHOR)].map((match) => match[1] ?? ''))];
}

/** The signed copy: the original PDF with an incremental comment naming the signers (still a PDF). */
function signedCopy(document: SimulatedDocument, signers: SimulatedSigner[]): Buffer {
  const names = signers.map((signer) => `${signer.firstName} ${signer.lastName}`.trim()).join(', ');
  return Buffer.concat([document.content, Buffer.from(`\n% Signed electronically by ${names} on ${new Date().toISOString()}\n`)]);
}

const problem = (detail: string) => ({ type: 'about:blank', title: 'Bad Request', detail });

/**
 * A local stand-in for Yousign API v3, same paths and shapes: signature requests, documents with their
 * smart anchors parsed, signers with signature fields, activation, status, signed copies. After activation
 * it completes (or declines, or lets expire) each request after the configured delay and posts the event to
 * ISF's webhook, signed with HMAC-SHA256 of the raw body like Yousign (`X-Yousign-Signature-256`).
 */
export function buildYousignSimulator(switches: SignatureSimulatorSwitches) {
  const app: FastifyInstance = Fastify({ logger: false });
  void app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024 } });
  const requests = new Map<string, SimulatedRequest>();
  const timers = new Set<NodeJS.Timeout>();
  let webhookUrl = switches.webhookUrl;

  const view = (request: SimulatedRequest) => ({
    id: request.id,
    status: request.status,
    name: request.name,
    external_id: request.externalId,
    delivery_mode: 'email',
    created_at: request.createdAt,
    documents: request.documents.map((document) => ({
      id: document.id,
      filename: document.fileName,
      nature: 'signable_document',
    })),
    signers: request.signers.map((signer) => ({ id: signer.id, status: request.status === 'done' ? 'signed' : 'notified' })),
    decline_information: request.status === 'declined' ? { reason: request.reason } : null,
  });

  async function deliver(request: SimulatedRequest) {
    if (!webhookUrl) {
      return;
    }
    const body = JSON.stringify({
      event_id: randomUUID(),
      event_name: `signature_request.${request.status}`,
      event_time: String(Math.floor(Date.now() / 1000)),
      subscription_id: 'isf-simulator',
      subscription_description: 'ISF',
      sandbox: true,
      data: { signature_request: view(request) },
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(switches.webhookSecret, body),
          'x-yousign-retry': String(attempt),
          'x-yousign-issued-at': String(Math.floor(Date.now() / 1000)),
          'user-agent': 'Yousign Webhook Bot',
        },
        body,
      }).catch(() => undefined);
      if (response?.ok) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }

  /** Ends an ongoing request with the outcome and tells ISF. */
  async function complete(requestId: string, outcome: SignatureOutcome = switches.outcome ?? 'done', reason?: string) {
    const request = requests.get(requestId);
    if (request?.status !== 'ongoing') {
      return;
    }
    request.status = outcome;
    request.reason =
      outcome === 'declined'
        ? (reason ?? switches.declineReason ?? 'Le signataire a refusé de signer.')
        : outcome === 'expired'
          ? 'La demande a expiré sans les deux signatures.'
          : null;
    await deliver(request);
  }

  const found = (id: string) => requests.get(id);

  app.post<{ Body: { name?: string; external_id?: string } }>('/signature_requests', async (request, reply) => {
    if (!request.body?.name) {
      return reply.status(400).send(problem('name: This value should not be blank.'));
    }
    const created: SimulatedRequest = {
      id: randomUUID(),
      name: request.body.name,
      externalId: request.body.external_id ?? null,
      status: 'draft',
      reason: null,
      documents: [],
      signers: [],
      createdAt: new Date().toISOString(),
    };
    requests.set(created.id, created);
    return reply.status(201).send(view(created));
  });

  app.get<{ Params: { id: string } }>('/signature_requests/:id', async (request, reply) => {
    const found_ = found(request.params.id);
    return found_ ? view(found_) : reply.status(404).send(problem('Signature request not found.'));
  });

  app.post<{ Params: { id: string } }>('/signature_requests/:id/documents', async (request, reply) => {
    const target = found(request.params.id);
    if (!target) {
      return reply.status(404).send(problem('Signature request not found.'));
    }
    if (target.status !== 'draft') {
      return reply.status(400).send(problem('The signature request must be in draft.'));
    }
    let file: { fileName: string; content: Buffer } | undefined;
    const fields: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        file = { fileName: part.filename, content: await part.toBuffer() };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
    if (!file?.content.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
      return reply.status(400).send(problem('file: The file must be a PDF.'));
    }
    const document: SimulatedDocument = {
      id: randomUUID(),
      fileName: file.fileName,
      content: file.content,
      anchors: fields.parse_anchors === 'true' ? anchorsOf(file.content) : [],
    };
    target.documents.push(document);
    return reply
      .status(201)
      .send({ id: document.id, filename: document.fileName, nature: fields.nature, total_anchors: document.anchors.length });
  });

  app.post<{
    Params: { id: string };
    Body: {
      info?: { first_name?: string; last_name?: string; email?: string; phone_number?: string };
      fields?: { document_id?: string; type?: string; anchor?: string; page?: number }[];
    };
  }>('/signature_requests/:id/signers', async (request, reply) => {
    const target = found(request.params.id);
    if (!target) {
      return reply.status(404).send(problem('Signature request not found.'));
    }
    const info = request.body?.info;
    if (!info?.first_name || !info.email || !info.phone_number || !/^\+\d{8,16}$/.test(info.phone_number)) {
      return reply.status(400).send(problem('info: first_name, email and a valid phone_number are required.'));
    }
    for (const field of request.body.fields ?? []) {
      const document = target.documents.find((candidate) => candidate.id === field.document_id);
      if (!document) {
        return reply.status(400).send(problem('fields: unknown document_id.'));
      }
      if (field.anchor !== undefined && !document.anchors.includes(field.anchor)) {
        return reply.status(400).send(problem(`fields: the anchor ${field.anchor} is not in the document.`));
      }
    }
    const signer: SimulatedSigner = {
      id: randomUUID(),
      firstName: info.first_name,
      lastName: info.last_name ?? '',
      email: info.email,
    };
    target.signers.push(signer);
    return reply.status(201).send({ id: signer.id, status: 'initiated' });
  });

  app.post<{ Params: { id: string } }>('/signature_requests/:id/activate', async (request, reply) => {
    const target = found(request.params.id);
    if (!target) {
      return reply.status(404).send(problem('Signature request not found.'));
    }
    if (target.documents.length === 0 || target.signers.length === 0) {
      return reply.status(400).send(problem('A signature request needs a document and a signer to be activated.'));
    }
    target.status = 'ongoing';
    const delay = switches.delayMs ?? 3_000;
    if (delay > 0) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void complete(target.id);
      }, delay);
      timers.add(timer);
    }
    return reply.status(201).send(view(target));
  });

  app.get<{ Params: { id: string; documentId: string } }>(
    '/signature_requests/:id/documents/:documentId/download',
    async (request, reply) => {
      const target = found(request.params.id);
      const document = target?.documents.find((candidate) => candidate.id === request.params.documentId);
      if (!target || !document) {
        return reply.status(404).send(problem('Document not found.'));
      }
      if (target.status !== 'done') {
        return reply.status(400).send(problem('The signature request is not done.'));
      }
      return reply.type('application/pdf').send(signedCopy(document, target.signers));
    },
  );

  app.addHook('onClose', async () => {
    for (const timer of timers) {
      clearTimeout(timer);
    }
  });

  return {
    app,
    complete,
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    request: (id: string) => requests.get(id),
  };
}

export type YousignSimulator = ReturnType<typeof buildYousignSimulator>;
