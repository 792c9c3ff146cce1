import {
  type EntityCode,
  isNotificationTemplate,
  type NotificationContext,
  type NotificationRow,
  type NotificationTemplate,
  type NotificationWorkItem,
  parseNotificationContext,
} from '@isf/contract';

/** A link of a notification to the screen of what it is about. */
export type NotificationLink = { entity: EntityCode; to: string; label: string };

/** What a notification shows: a title, the item it links to, a sentence and the errors it lists. */
export type NotificationView = { title: string; link?: NotificationLink; message?: string; errors?: readonly string[] };

export type Translate = (key: string, values?: Record<string, string | number>) => string;

type Route = { entity: EntityCode; to: string };

/** Screens of the workflow items (spec 1 route map); an envelope opens in its contract. */
const WORK_ITEM_ROUTES: Record<NotificationWorkItem, (id: number, contractId?: number) => Route | null> = {
  order: (id) => ({ entity: 'order', to: `/sst/order/${id}` }),
  attachement: (id) => ({ entity: 'attachement', to: `/sst/attachement/${id}` }),
  subcontractor_market: (id) => ({ entity: 'subcontractor_market', to: `/sst/market/${id}` }),
  document: (id) => ({ entity: 'document', to: `/document/${id}` }),
  envelope: (id, contractId) =>
    contractId === undefined ? null : { entity: 'contract', to: `/sst/contract/${contractId}?envelopeId=${id}` },
};

function workItemLink(
  context: Pick<NotificationContext<'WORKFLOW_TASK_ASSIGNED'>, 'entity' | 'entityId' | 'contractId' | 'label'>,
): NotificationLink | undefined {
  const route = WORK_ITEM_ROUTES[context.entity](context.entityId, context.contractId);
  return route ? { ...route, label: context.label } : undefined;
}

const orderLink = (orderId: number, orderNumber: string): NotificationLink => ({
  entity: 'order',
  to: `/sst/order/${orderId}`,
  label: orderNumber,
});

const attachementLink = (attachementId: number, reference: string): NotificationLink => ({
  entity: 'attachement',
  to: `/sst/attachement/${attachementId}`,
  label: reference,
});

type ViewParts = { link?: NotificationLink; values?: Record<string, string | number>; errors?: readonly string[] };

/** A template's title, its message filled with the values, and the link and errors given. */
function view(template: NotificationTemplate, t: Translate, { link, values, errors }: ViewParts = {}): NotificationView {
  return {
    title: t(`notifications.template.${template}.title`),
    message: t(`notifications.template.${template}.message`, values),
    ...(link ? { link } : {}),
    ...(errors ? { errors } : {}),
  };
}

const workItemValues = (context: NotificationContext<'WORKFLOW_TASK_ASSIGNED'>) => ({
  workflowName: context.workflowName,
  nodeName: context.nodeName,
});

/** One view per template, from the fields its context schema guarantees. */
const VIEWS: { [Template in NotificationTemplate]: (context: NotificationContext<Template>, t: Translate) => NotificationView } =
  {
    WELCOME: (context, t) => view('WELCOME', t, { values: { name: context.name } }),
    TEST: (context, t) => view('TEST', t, { values: { message: context.message } }),
    WORKFLOW_TASK_ASSIGNED: (context, t) =>
      view('WORKFLOW_TASK_ASSIGNED', t, { link: workItemLink(context), values: workItemValues(context) }),
    WORKFLOW_REFUSED: (context, t) =>
      view('WORKFLOW_REFUSED', t, {
        link: workItemLink(context),
        values: { ...workItemValues(context), transitionName: context.transitionName, comment: context.comment },
      }),
    SIGNATURE_COMPLETED: (context, t) => view('SIGNATURE_COMPLETED', t, { link: workItemLink(context) }),
    SIGNATURE_FAILED: (context, t) =>
      view('SIGNATURE_FAILED', t, { link: workItemLink(context), values: { reason: context.reason } }),
    ORDER_ERP_SENT: (context, t) => view('ORDER_ERP_SENT', t, { link: orderLink(context.orderId, context.orderNumber) }),
    ORDER_ERP_SEND_FAILED: (context, t) =>
      view('ORDER_ERP_SEND_FAILED', t, {
        link: orderLink(context.orderId, context.orderNumber),
        values: { errorMessage: context.errorMessage },
        errors: context.errors,
      }),
    ATTACHMENT_ERP_SENT: (context, t) =>
      view('ATTACHMENT_ERP_SENT', t, { link: attachementLink(context.attachementId, context.attachementReference) }),
    ATTACHMENT_ERP_SEND_FAILED: (context, t) =>
      view('ATTACHMENT_ERP_SEND_FAILED', t, {
        link: attachementLink(context.attachementId, context.attachementReference),
        values: { errorMessage: context.errorMessage },
        errors: context.errors,
      }),
    MONTHLY_STATEMENTS_GENERATED: (context, t) =>
      view('MONTHLY_STATEMENTS_GENERATED', t, {
        link: {
          entity: 'task',
          to: '/tasks',
          label: t('notifications.template.MONTHLY_STATEMENTS_GENERATED.link', { taskId: context.taskId }),
        },
        values: { created: context.created },
      }),
    JOB_FAILED: (context, t) =>
      view('JOB_FAILED', t, {
        link: {
          entity: 'task',
          to: '/tasks',
          label: t('notifications.template.JOB_FAILED.link', { taskId: context.taskId, jobName: context.jobName }),
        },
        values: { errorMessage: context.errorMessage },
        errors: context.errors,
      }),
  };

function viewOf<Template extends NotificationTemplate>(
  template: Template,
  context: unknown,
  t: Translate,
): NotificationView | null {
  const parsed = parseNotificationContext(template, context);
  return parsed ? VIEWS[template](parsed, t) : null;
}

/**
 * The view of a notification chosen by its template code, or null when no template renders it (a kind
 * this client does not know, or a context that does not fit): the caller shows the fallback.
 */
export function notificationView(row: Pick<NotificationRow, 'template' | 'context'>, t: Translate): NotificationView | null {
  return isNotificationTemplate(row.template) ? viewOf(row.template, row.context, t) : null;
}
