import { ORDER_REQUIRED_FIELDS_MESSAGE, orderCreateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { useAuth } from '../../lib/auth-store';
import { ORDER_LIST_PATH } from '../../lib/list-paths';
import { ORDER_DETAIL_ROUTE } from '../../lib/routes';
import { emptyOrder, OrderCreateFields, type OrderCreateValues, orderCreatePayloadOf } from './order-create-fields';
import { createOrder } from './orders.api';

/** Creates a service order, then opens it (spec 2 Order list: creation modal). */
export function OrderCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const [form] = Form.useForm<OrderCreateValues>();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('orderList.createTitle')}
      form={form}
      initialValues={emptyOrder(profile)}
      schema={orderCreateSchema}
      toPayload={orderCreatePayloadOf}
      submit={createOrder}
      listPath={ORDER_LIST_PATH}
      detailRoute={ORDER_DETAIL_ROUTE}
      invalidMessage={ORDER_REQUIRED_FIELDS_MESSAGE}
      width={860}
    >
      <OrderCreateFields />
    </FormModal>
  );
}
