import { z } from 'zod';
import { formatMessage } from './messages.js';
import type { WORKFLOW_OBJECTS, WorkflowCode } from './workflow.js';

/** Spec 1 §9: the notification screen shows 20 a page, newest first; the bell polls every 30 s. */
export const NOTIFICATION_PAGE_SIZE = 20;
/** How many notifications the bell lists (`GET /notification/latest`); the spec gives no number. */
export const NOTIFICATION_LATEST_COUNT = 10;
/** Spec 1 §9: an unread item of the notification screen becomes read 2 s after the list loads. */
export const NOTIFICATION_AUTO_READ_MS = 2_000;
/** Spec 1 §9: an item of the bell menu becomes read 100 ms after the pointer rests on it. */
export const NOTIFICATION_HOVER_READ_MS = 100;

const id = z.number().int().positive().max(2_147_483_647);
const text = z.string().trim().min(1).max(2_000);
const errorList = z.array(z.string().max(2_000)).max(200);

/** The work items of the reference workflows, named as their tokens name them. */
export const NOTIFICATION_WORK_ITEMS = [
  'order',
  'attachement',
  'envelope',
  'subcontractor_market',
  'document',
] as const satisfies readonly (typeof WORKFLOW_OBJECTS)[WorkflowCode][];
export type NotificationWorkItem = (typeof NOTIFICATION_WORK_ITEMS)[number];

/** The item a workflow notification is about. */
const workItemContext = {
  entity: z.enum(NOTIFICATION_WORK_ITEMS),
  entityId: id,
  /** The item as its users name it: order number, attachment reference, document file name... */
  label: text,
  workflowName: text,
  /** The node the item reached. */
  nodeName: text,
  /** An envelope opens in its contract (`/sst/contract/{contractId}?envelopeId={entityId}`). */
  contractId: id.optional(),
};

/**
 * Every kind of notification, by template code, with the context it needs: `notify` checks the context
 * against it, and the web renders each template from the same fields (spec 1 §3 Notification).
 * A module that adds a kind adds it here, with its texts in the web's notification catalogue.
 */
export const NOTIFICATION_TEMPLATES = {
  /** Sent by the demo data to every profile. */
  WELCOME: z.object({ name: text }),
  /** `POST /notification/send/test`: a user checks that another one receives notifications. */
  TEST: z.object({ message: text }),
  /** A workflow move put an item in the recipient's tasks (My tasks). */
  WORKFLOW_TASK_ASSIGNED: z.object({ ...workItemContext, transitionName: text.optional() }),
  /** An item of the recipient's was refused or sent back; the comment says why. */
  WORKFLOW_REFUSED: z.object({ ...workItemContext, transitionName: text, comment: text }),
  /** The ERP accepted an order (job result). */
  ORDER_ERP_SENT: z.object({ orderId: id, orderNumber: text }),
  /** The ERP refused an order, or could not be reached after the last attempt (job result). */
  ORDER_ERP_SEND_FAILED: z.object({ orderId: id, orderNumber: text, errorMessage: text, errors: errorList.optional() }),
  /** The ERP accepted the receipt of an attachment (job result). */
  ATTACHMENT_ERP_SENT: z.object({ attachementId: id, attachementReference: text }),
  /** The ERP refused the receipt of an attachment (job result). */
  ATTACHMENT_ERP_SEND_FAILED: z.object({
    attachementId: id,
    attachementReference: text,
    errorMessage: text,
    errors: errorList.optional(),
  }),
  /** A monthly statement generation ended (job result): how many statements it created. */
  MONTHLY_STATEMENTS_GENERATED: z.object({ taskId: id, created: z.number().int().min(0) }),
  /** Both signers signed an envelope or documents the recipient sent for signature (the signed copy is stored). */
  SIGNATURE_COMPLETED: z.object({
    entity: z.enum(['envelope', 'document']),
    entityId: id,
    label: text,
    contractId: id.optional(),
  }),
  /** A signer declined, or the request expired; the reason says why. */
  SIGNATURE_FAILED: z.object({
    entity: z.enum(['envelope', 'document']),
    entityId: id,
    label: text,
    contractId: id.optional(),
    reason: text,
  }),
  /** A background task ended FAILED (its events are in /tasks). */
  JOB_FAILED: z.object({ taskId: id, jobName: text, errorMessage: text, errors: errorList.optional() }),
} as const;

export type NotificationTemplate = keyof typeof NOTIFICATION_TEMPLATES;
/** The context `notify` takes for a template. */
export type NotificationContextOf<Template extends NotificationTemplate> = z.input<(typeof NOTIFICATION_TEMPLATES)[Template]>;
/** The context of a template as stored and rendered. */
export type NotificationContext<Template extends NotificationTemplate> = z.output<(typeof NOTIFICATION_TEMPLATES)[Template]>;

export function isNotificationTemplate(value: string): value is NotificationTemplate {
  return Object.hasOwn(NOTIFICATION_TEMPLATES, value);
}

/**
 * The context of a stored notification as its template reads it, or null when the template is unknown
 * (a kind added later) or the context does not fit: the web then shows the fallback.
 */
export function parseNotificationContext<Template extends NotificationTemplate>(
  template: Template,
  context: unknown,
): NotificationContext<Template> | null {
  const parsed = NOTIFICATION_TEMPLATES[template].safeParse(context);
  return parsed.success ? (parsed.data as NotificationContext<Template>) : null;
}

/** A notification of the signed-in profile (`/notification/latest` and `/notification/list` rows). */
export type NotificationRow = {
  id: number;
  template: string;
  context: Record<string, unknown>;
  readedAt: string | null;
  closedAt: string | null;
  createdAt: string;
  creatorId: number | null;
  creatorName: string | null;
};

/** `GET /notification/latest`: the bell's notifications and the unread count. */
export type LatestNotifications = { notifications: NotificationRow[]; unread: number };

/** `POST /notification/read/{id}` and `/close/{id}`. */
export type NotificationMarkReply = { success: true; readedAt: string | null; closedAt: string | null; unread: number };

export const NOTIFICATION_TEST_RECIPIENT_MESSAGE = 'Choisissez un utilisateur existant.';
export const NOTIFICATION_TEST_DEFAULT_MESSAGE = 'Ceci est une notification de test.';

/** `POST /notification/send/test` (spec 1 §7, "test only"): the recipient (default: the caller) and a text. */
export const notificationTestSchema = z
  .object({
    userId: z
      .number({ error: NOTIFICATION_TEST_RECIPIENT_MESSAGE })
      .int(NOTIFICATION_TEST_RECIPIENT_MESSAGE)
      .positive(NOTIFICATION_TEST_RECIPIENT_MESSAGE)
      .max(2_147_483_647, NOTIFICATION_TEST_RECIPIENT_MESSAGE)
      .optional(),
    message: z
      .string({ error: formatMessage('validation.required') })
      .trim()
      .max(500, formatMessage('validation.tooLong', { max: 500 }))
      .optional()
      .transform((value) => value || NOTIFICATION_TEST_DEFAULT_MESSAGE),
  })
  // a post without a body tests the caller's own bell
  .nullish()
  .transform((value) => value ?? { message: NOTIFICATION_TEST_DEFAULT_MESSAGE });

export type NotificationTestPayload = z.input<typeof notificationTestSchema>;
