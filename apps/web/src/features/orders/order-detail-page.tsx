import {
  missingRequiredFields,
  ORDER_DOCUMENT_DELETABLE_NODES,
  ORDER_REQUIRED_FIELDS_MESSAGE,
  type OrderDetailRecord,
  type OrderLineInput,
  orderHeaderActions,
  orderUpdateSchema,
} from '@isf/contract';
import { Form, Tag } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailActions } from '../../components/detail-page/use-detail-actions';
import { useDetailForm } from '../../components/detail-page/use-detail-form';
import { useRouteId } from '../../components/detail-page/use-detail-record';
import { DocumentManager } from '../../components/document-manager/document-manager';
import { useErpSendFollowUp } from '../../components/erp/use-erp-send-follow-up';
import { showFieldErrors } from '../../components/form/schema-rules';
import { useAuth } from '../../lib/auth-store';
import { useEditMode } from '../../lib/edit-mode';
import { getFeedback } from '../../lib/feedback';
import { ORDER_LIST_PATH } from '../../lib/list-paths';
import { ORDER_LIST_ROUTE } from '../../lib/routes';
import { OrderAttachmentsTab } from './order-attachments-tab';
import { deleteOrder, fetchOrder, orderQueryKey, updateOrder } from './order-detail.api';
import { type OrderFormValues, orderFormValuesOf, orderPayloadOf } from './order-form-values';
import { useOrderHeaderActions } from './order-header-actions';
import { OrderInformationTab } from './order-information-tab';
import { installOrderPreChecks } from './order-workflow-checks';
import { OrderPrestationsTab } from './prestations/order-prestations-tab';

// the order pre-checks of the workflow moves (the shell installs them too, for the node screen)
installOrderPreChecks();

const DELETION_AFTER_VALIDATION_OPTION = 'serviceorders.deletion_after_validation';

/** Spec 2 §6: an order's documents are deleted with the option in any state, otherwise only early in the workflow. */
function canDeleteDocuments(order: OrderDetailRecord, canUpdate: boolean, anyState: boolean): boolean {
  const nodeCode = order.statusWF?.nodeCode ?? '';
  return canUpdate && (anyState || ORDER_DOCUMENT_DELETABLE_NODES.includes(nodeCode));
}

/**
 * The service order detail (spec 2 "Service order detail"): Information (the fields and the workflow),
 * Prestations, Documents and Attachments; Edit (a locked order: its follow-up only), Delete in draft,
 * Import, Send to ERP and the PDF in the header; the order pre-checks of the workflow moves.
 */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const orderId = useRouteId();
  const id = orderId ?? 0;
  const { can, hasOption } = useAuth();
  const editing = useEditMode();
  const toFormValues = useCallback(orderFormValuesOf, []);
  const detail = useDetailForm<OrderDetailRecord, OrderFormValues>({
    queryKey: orderQueryKey(id),
    fetch: () => fetchOrder(id),
    enabled: orderId !== null,
    toFormValues,
  });
  const { form, reload } = detail;
  useErpSendFollowUp(detail.record?.oracleStatus, editing, reload);
  const order = detail.record;
  const lines = useRef<OrderLineInput[] | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const templateId = Form.useWatch('orderTemplate', form) ?? null;

  const refreshLines = () => {
    lines.current = null;
    setReloadKey((key) => key + 1);
  };

  const actions = useDetailActions({
    detail,
    queryKey: orderQueryKey(id),
    listPaths: [ORDER_LIST_PATH],
    schema: orderUpdateSchema,
    payloadOf: (values) => (order ? orderPayloadOf(values as OrderFormValues, order, lines.current) : values),
    update: (payload) => updateOrder(id, payload),
    remove: () => deleteOrder(id),
    afterSave: refreshLines,
  });

  const header = useOrderHeaderActions({
    order,
    onChanged: () => void reload(),
    onImported: () => {
      refreshLines();
      void reload();
    },
  });

  if (orderId === null) {
    return <Navigate to={ORDER_LIST_ROUTE} replace />;
  }

  /** Spec 2 §5: a save with a required field empty says so and sends nothing. */
  const save = async (): Promise<boolean> => {
    const values = form.getFieldsValue(true) as OrderFormValues;
    const missing = missingRequiredFields({
      ...values,
      follower: values.follower?.id,
      oracleEmitterProject: values.oracleEmitterProject?.id,
    });
    if (missing.length > 0) {
      showFieldErrors(form, Object.fromEntries(missing.map((field) => [field, t('validation.required')])));
      getFeedback().warning(ORDER_REQUIRED_FIELDS_MESSAGE);
      return false;
    }
    return actions.save();
  };

  const reloadAll = async () => {
    refreshLines();
    await reload();
  };

  const shown = order
    ? orderHeaderActions(order, {
        canUpdate: can('order', 'update'),
        canDelete: can('order', 'delete'),
        canDownload: false,
      })
    : null;

  const tabs = order
    ? [
        {
          key: 'information',
          label: t('detail.information'),
          children: <OrderInformationTab order={order} form={form} onMoved={() => void reloadAll()} />,
        },
        {
          key: 'prestations',
          label: t('orderDetail.tab.prestations'),
          children: (
            <OrderPrestationsTab
              orderId={order.id}
              editing={editing && !order.locked}
              savedTemplateId={order.orderTemplate}
              templateId={templateId}
              onLinesChange={(reported) => {
                lines.current = reported;
              }}
              reloadKey={reloadKey}
            />
          ),
        },
        ...(can('document', 'read')
          ? [
              {
                key: 'documents',
                label: t('orderDetail.tab.documents'),
                children: (
                  <DocumentManager
                    entity="order"
                    entityId={order.id}
                    canDelete={canDeleteDocuments(order, can('order', 'update'), hasOption(DELETION_AFTER_VALIDATION_OPTION))}
                  />
                ),
              },
            ]
          : []),
        {
          key: 'attachments',
          label: t('orderDetail.tab.attachments'),
          children: <OrderAttachmentsTab order={order} form={form} />,
        },
      ]
    : [];

  return (
    <DetailPage
      title={
        order ? (
          <>
            {t('orderDetail.title', { reference: order.reference })}
            {order.locked ? (
              <Tag color="red" style={{ marginInlineStart: 12, verticalAlign: 'middle' }}>
                {t('orderDetail.locked')}
              </Tag>
            ) : null}
          </>
        ) : (
          t('orderDetail.one')
        )
      }
      entity="order"
      listRoute={ORDER_LIST_ROUTE}
      loading={detail.loading}
      notFound={detail.missing}
      form={form}
      tabs={order ? tabs : undefined}
      onSave={save}
      onReload={reloadAll}
      onDelete={shown?.delete ? actions.remove : undefined}
      deleteConfirm={t('confirm.deleteOrder')}
      editLabel={shown?.followUpEdit ? t('orderDetail.followUpEdit') : undefined}
      extra={header.buttons}
      banner={header.banner}
    />
  );
}
