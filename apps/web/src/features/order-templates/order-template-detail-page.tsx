import { orderTemplateCreateSchema, orderTemplateUpdateSchema } from '@isf/contract';
import { Card, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailPage, type DetailTab } from '../../components/detail-page/detail-page';
import { useDetailActions } from '../../components/detail-page/use-detail-actions';
import { useDetailForm } from '../../components/detail-page/use-detail-form';
import { useRouteId } from '../../components/detail-page/use-detail-record';
import { EntityLink } from '../../components/entity-link';
import { schemaRule } from '../../components/form/schema-rules';
import { TrimmedInput } from '../../components/form/trimmed-input';
import { useEditMode } from '../../lib/edit-mode';
import { BPU_TEMPLATE_DETAIL_ROUTE, ORDER_TEMPLATE_LIST_ROUTE } from '../../lib/routes';
import { OrderTemplatePrestationsTab } from './order-template-prestations-tab';
import {
  deleteOrderTemplate,
  fetchOrderTemplate,
  ORDER_TEMPLATE_LIST_PATH,
  type OrderTemplateRecord,
  orderTemplateQueryKey,
  updateOrderTemplate,
} from './order-templates.api';

type Values = { name: string };

function formValuesOf(template: OrderTemplateRecord): Values {
  return { name: template.name };
}

/**
 * The order template detail (spec 3 /os/template/{id}): tabs Information (name; the BPU template is
 * fixed at creation) and Prestations (the selection, saved with the record).
 */
export function OrderTemplateDetailPage() {
  const { t } = useTranslation();
  const templateId = useRouteId();
  const id = templateId ?? 0;
  const editing = useEditMode();
  const detail = useDetailForm({
    queryKey: orderTemplateQueryKey(id),
    fetch: () => fetchOrderTemplate(id),
    enabled: templateId !== null,
    toFormValues: formValuesOf,
  });
  const { form } = detail;
  const template = detail.record;
  /** The selection being edited; null: the saved one. */
  const [selection, setSelection] = useState<number[] | null>(null);
  const selected = selection ?? template?.prestations ?? [];

  const reload = async () => {
    setSelection(null);
    await detail.reload();
  };

  const actions = useDetailActions({
    detail,
    queryKey: orderTemplateQueryKey(id),
    listPaths: [ORDER_TEMPLATE_LIST_PATH],
    schema: orderTemplateUpdateSchema,
    payloadOf: (values) => ({ ...values, prestations: selected }),
    update: (payload) => updateOrderTemplate(id, payload),
    remove: () => deleteOrderTemplate(id),
    afterSave: () => setSelection(null),
  });

  const tabs: DetailTab[] = [
    {
      key: '0',
      label: t('detail.information'),
      children: (
        <Card>
          <Form
            name="order-template-detail"
            form={form}
            layout="horizontal"
            labelCol={{ span: 6 }}
            wrapperCol={{ span: 14 }}
            disabled={!editing}
            style={{ maxWidth: 900 }}
          >
            <Form.Item
              name="name"
              label={t('orderTemplates.name')}
              required
              rules={[schemaRule(orderTemplateCreateSchema.shape.name, t)]}
            >
              <TrimmedInput maxLength={255} />
            </Form.Item>
            <Form.Item label={t('bpuTemplates.one')} extra={editing ? t('orderTemplates.templateFixed') : undefined}>
              {template ? (
                <EntityLink entity="bpu_template" to={`${BPU_TEMPLATE_DETAIL_ROUTE}/${template.bpuTemplate}`}>
                  {template.bpuTemplateName}
                </EntityLink>
              ) : null}
            </Form.Item>
          </Form>
        </Card>
      ),
    },
    {
      key: '1',
      label: t('orderTemplates.prestations'),
      children: template ? (
        <OrderTemplatePrestationsTab tree={template.tree} selected={selected} editing={editing} onChange={setSelection} />
      ) : null,
    },
  ];

  return (
    <DetailPage
      title={template ? t('orderTemplates.detailTitle', { name: template.name }) : t('orderTemplates.one')}
      entity="os_template"
      listRoute={ORDER_TEMPLATE_LIST_ROUTE}
      loading={detail.loading}
      notFound={detail.missing}
      form={form}
      tabs={tabs}
      onSave={actions.save}
      onReload={reload}
      onDelete={actions.remove}
    />
  );
}
