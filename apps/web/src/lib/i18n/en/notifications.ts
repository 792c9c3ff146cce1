import type { frNotifications } from '../fr/notifications';

/** Texts of the notification bell and screen, and of each notification template (English build). */
export const enNotifications: Record<keyof typeof frNotifications, string> = {
  'notifications.title': 'Notifications',
  'notifications.bell': 'Notifications',
  'notifications.bell.unread_one': '{{count}} unread notification',
  'notifications.bell.unread_other': '{{count}} unread notifications',
  'notifications.refresh': 'Refresh',
  'notifications.seeAll': 'See all notifications',
  'notifications.close': 'Hide from the bell',
  'notifications.unread': 'Unread',
  'notifications.by': 'by {{name}}',
  'notifications.fallback': 'No template for this notification type',
  'notifications.template.WELCOME.title': 'Welcome',
  'notifications.template.WELCOME.message':
    'Welcome to ISF, {{name}}! Items awaiting your action, refusals of your items and the results of ERP sends will be reported here.',
  'notifications.template.TEST.title': 'Test notification',
  'notifications.template.TEST.message': '{{message}}',
  'notifications.template.WORKFLOW_TASK_ASSIGNED.title': 'Item awaiting your action',
  'notifications.template.WORKFLOW_TASK_ASSIGNED.message': 'Awaits your action: {{workflowName}}, step “{{nodeName}}”.',
  'notifications.template.WORKFLOW_REFUSED.title': 'Item refused',
  'notifications.template.WORKFLOW_REFUSED.message':
    '“{{transitionName}}” ({{workflowName}}), back to step “{{nodeName}}”. Comment: “{{comment}}”',
  'notifications.template.ORDER_ERP_SENT.title': 'Order sent to the ERP',
  'notifications.template.ORDER_ERP_SENT.message': 'The order was created in the ERP.',
  'notifications.template.ORDER_ERP_SEND_FAILED.title': 'Sending the order to the ERP failed',
  'notifications.template.ORDER_ERP_SEND_FAILED.message': 'The ERP did not accept the order: {{errorMessage}}',
  'notifications.template.ATTACHMENT_ERP_SENT.title': 'Receipt sent to the ERP',
  'notifications.template.ATTACHMENT_ERP_SENT.message': 'The receipt of the attachment was created in the ERP.',
  'notifications.template.ATTACHMENT_ERP_SEND_FAILED.title': 'Sending the receipt to the ERP failed',
  'notifications.template.ATTACHMENT_ERP_SEND_FAILED.message':
    'The ERP did not accept the receipt of the attachment: {{errorMessage}}',
  'notifications.template.MONTHLY_STATEMENTS_GENERATED.title': 'Monthly statements generated',
  'notifications.template.MONTHLY_STATEMENTS_GENERATED.link': 'Task {{taskId}}',
  'notifications.template.MONTHLY_STATEMENTS_GENERATED.message': '{{created}} statement(s) created.',
  'notifications.template.SIGNATURE_COMPLETED.title': 'E-signature completed',
  'notifications.template.SIGNATURE_COMPLETED.message': 'Both signers signed: the signed document is stored.',
  'notifications.template.SIGNATURE_FAILED.title': 'E-signature not completed',
  'notifications.template.SIGNATURE_FAILED.message': 'The signature did not complete: {{reason}}',
  'notifications.template.JOB_FAILED.title': 'Task failed',
  'notifications.template.JOB_FAILED.link': 'Task #{{taskId}} ({{jobName}})',
  'notifications.template.JOB_FAILED.message': 'The processing failed: {{errorMessage}}',
};
