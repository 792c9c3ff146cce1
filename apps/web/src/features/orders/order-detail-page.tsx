import {
  missingRequiredFields,
  ORDER_DOCUMENT_DELETABLE_NODES,
  ORDER_REQUIRED_FIELDS_MESSAGE,
  type OrderDetailRecord,
  type OrderLineInput,
  type OrderUpdateInput,
  orderHeaderActions,
  orderUpdateSchema,
} from '@isf/contract';
import { Form, type FormInstance, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailScreen } from '../../components/detail-page/use-detail-screen';
import { useSubEditor } from '../../components/detail-page/use-sub-editor';
import { documentsTabs } from '../../components/document-manager/documents-tab';
import { useErpSendFollowUp } from '../../components/erp/use-erp-send-follow-up';
import { showFieldErrors } from '../../components/form/schema-rules';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { i18next } from '../../lib/i18n';
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

/** Spec 2 §5: a save with a required field empty says so and sends nothing. */
function requiredFieldsFilled(values: OrderFormValues, form: FormInstance<OrderFormValues>): boolean {
  const missing = missingRequiredFields({
    ...values,
    follower: values.follower?.id,
    oracleEmitterProject: values.oracleEmitterProject?.id,
  });
  if (missing.length === 0) {
    return true;
  }
  showFieldErrors(form, Object.fromEntries(missing.map((field) => [field, i18next.t('validation.required')])));
  getFeedback().warning(ORDER_REQUIRED_FIELDS_MESSAGE);
  return false;
}

/**
 * The service order detail (spec 2 "Service order detail"): Information (the fields and the workflow),
 * Prestations, Documents and Attachments; Edit (a locked order: its follow-up only), Delete in draft,
 * Import, Send to ERP and the PDF in the header; the order pre-checks of the workflow moves.
 */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const { can, hasOption } = useAuth();
  const lines = useSubEditor<OrderLineInput[]>();
  const screen = useDetailScreen<OrderDetailRecord, OrderFormValues, OrderUpdateInput>({
    queryKey: orderQueryKey,
    fetch: fetchOrder,
    toFormValues: orderFormValuesOf,
    listPaths: [ORDER_LIST_PATH],
    schema: orderUpdateSchema,
    payloadOf: (values, order) => (order ? orderPayloadOf(values as OrderFormValues, order, lines.edits()) : values),
    update: updateOrder,
    remove: deleteOrder,
    beforeSave: requiredFieldsFilled,
    subEditors: [lines],
  });
  const { form, reload, editing, record: order } = screen;
  // a change beside the form (the ERP send, the emitter) reads the record again, not the lines
  const reloadRecord = screen.detail.reload;
  useErpSendFollowUp(order?.oracleStatus, editing, reloadRecord);
  const templateId = Form.useWatch('orderTemplate', form) ?? null;

  const header = useOrderHeaderActions({ order, onChanged: () => void reloadRecord(), onImported: () => void reload() });

  if (screen.routeId === null) {
    return <Navigate to={ORDER_LIST_ROUTE} replace />;
  }

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
          children: <OrderInformationTab order={order} form={form} onMoved={() => void reload()} />,
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
              onLinesChange={lines.report}
              reloadKey={lines.reloadKey}
            />
          ),
        },
        ...documentsTabs({
          entity: 'order',
          id: order.id,
          label: t('orderDetail.tab.documents'),
          can,
          canDelete: canDeleteDocuments(order, can('order', 'update'), hasOption(DELETION_AFTER_VALIDATION_OPTION)),
        }),
        {
          key: 'attachments',
          label: t('orderDetail.tab.attachments'),
          children: <OrderAttachmentsTab order={order} form={form} />,
        },
      ]
    : [];

  return (
    <DetailPage
      {...screen.page}
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
      tabs={order ? tabs : undefined}
      onDelete={shown?.delete ? screen.page.onDelete : undefined}
      deleteConfirm={t('confirm.deleteOrder')}
      editLabel={shown?.followUpEdit ? t('orderDetail.followUpEdit') : undefined}
      extra={header.buttons}
      banner={header.banner}
    />
  );
}
