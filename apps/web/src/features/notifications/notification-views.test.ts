import { describe, expect, it } from 'vitest';
import { i18next } from '../../lib/i18n';
import { notificationView } from './notification-views';

const t = (key: string, values?: Record<string, string | number>) => i18next.t(key, values);

const workItem = { entityId: 5, label: 'ATT-0005', workflowName: 'Attachement', nodeName: 'Brouillon' };

describe('notificationView', () => {
  it('links a workflow notification to its item, and an envelope to its contract', () => {
    expect(notificationView({ template: 'WORKFLOW_TASK_ASSIGNED', context: { ...workItem, entity: 'attachement' } }, t)).toEqual({
      title: 'Élément à traiter',
      link: { entity: 'attachement', to: '/sst/attachement/5', label: 'ATT-0005' },
      message: 'Attend votre action : Attachement, étape « Brouillon ».',
    });
    const envelope = { ...workItem, entity: 'envelope', contractId: 8 };
    expect(notificationView({ template: 'WORKFLOW_TASK_ASSIGNED', context: envelope }, t)?.link).toEqual({
      entity: 'contract',
      to: '/sst/contract/8?envelopeId=5',
      label: 'ATT-0005',
    });
    const withoutContract = notificationView(
      { template: 'WORKFLOW_TASK_ASSIGNED', context: { ...envelope, contractId: undefined } },
      t,
    );
    expect(withoutContract?.link).toBeUndefined();
  });

  it('says why an item was refused, with the comment', () => {
    const view = notificationView(
      {
        template: 'WORKFLOW_REFUSED',
        context: { ...workItem, entity: 'order', transitionName: 'Refuser', comment: 'Quantités à revoir' },
      },
      t,
    );
    expect(view?.link?.to).toBe('/sst/order/5');
    expect(view?.message).toBe('« Refuser » (Attachement), revenu à l’étape « Brouillon ». Commentaire : « Quantités à revoir »');
  });

  it('links a failed job to the task list and an attachment send to the attachment', () => {
    const job = notificationView(
      { template: 'JOB_FAILED', context: { taskId: 4, jobName: 'Import', errorMessage: 'Refusé' } },
      t,
    );
    expect(job?.link).toEqual({ entity: 'task', to: '/tasks', label: 'Tâche n° 4 (Import)' });
    const sent = notificationView(
      { template: 'ATTACHMENT_ERP_SENT', context: { attachementId: 6, attachementReference: 'ATT-6' } },
      t,
    );
    expect(sent?.link).toEqual({ entity: 'attachement', to: '/sst/attachement/6', label: 'ATT-6' });
  });

  it('has no view for an unknown template, nor for a context that does not fit its template', () => {
    expect(notificationView({ template: 'SOMETHING_NEW', context: {} }, t)).toBeNull();
    expect(notificationView({ template: 'ORDER_ERP_SENT', context: { orderId: 'douze' } }, t)).toBeNull();
    expect(notificationView({ template: 'toString', context: {} }, t)).toBeNull();
  });
});
