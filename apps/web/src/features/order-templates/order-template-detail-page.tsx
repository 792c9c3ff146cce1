import { orderTemplateCreateSchema, orderTemplateUpdateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailForm } from '../../components/detail-page/detail-form';
import { DetailPage, type DetailTab } from '../../components/detail-page/detail-page';
import { useDetailScreen } from '../../components/detail-page/use-detail-screen';
import { EntityLink } from '../../components/entity-link';
import { NameItem } from '../../components/form/name-item';
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
  /** The selection being edited; null: the saved one. */
  const [selection, setSelection] = useState<number[] | null>(null);
  const screen = useDetailScreen({
    queryKey: orderTemplateQueryKey,
    fetch: fetchOrderTemplate,
    toFormValues: formValuesOf,
    listPaths: [ORDER_TEMPLATE_LIST_PATH],
    schema: orderTemplateUpdateSchema,
    payloadOf: (values, saved) => ({ ...values, prestations: selection ?? saved?.prestations ?? [] }),
    update: updateOrderTemplate,
    remove: deleteOrderTemplate,
    afterSave: () => setSelection(null),
  });
  const { editing } = screen;
  const template = screen.record;
  const selected = selection ?? template?.prestations ?? [];

  const reload = async () => {
    setSelection(null);
    await screen.reload();
  };

  const tabs: DetailTab[] = [
    {
      key: '0',
      label: t('detail.information'),
      children: (
        <DetailForm name="order-template-detail" form={screen.form}>
          <NameItem label={t('orderTemplates.name')} schema={orderTemplateCreateSchema.shape.name} />
          <Form.Item label={t('bpuTemplates.one')} extra={editing ? t('orderTemplates.templateFixed') : undefined}>
            {template ? (
              <EntityLink entity="bpu_template" to={`${BPU_TEMPLATE_DETAIL_ROUTE}/${template.bpuTemplate}`}>
                {template.bpuTemplateName}
              </EntityLink>
            ) : null}
          </Form.Item>
        </DetailForm>
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
      {...screen.page}
      tabs={tabs}
      onReload={reload}
    />
  );
}
