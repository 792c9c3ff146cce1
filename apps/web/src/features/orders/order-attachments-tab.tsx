import {
  attachmentCreationAllowed,
  MARKET_DEPOSIT_TYPES,
  type MarketDepositType,
  ORDER_RELEASE_DATE_MESSAGE,
  type OrderDetailRecord,
  releaseDateTooEarly,
} from '@isf/contract';
import { Card, Col, Form, type FormInstance, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IsoDateInput } from '../../components/form/iso-date-input';
import { useAuth } from '../../lib/auth-store';
import { useEditMode } from '../../lib/edit-mode';
import { formatIsoDate, formatMoney } from '../../lib/i18n';
import { OrderAttachmentsTable } from '../attachments';
import { DepositsBlock } from '../deposits';
import type { OrderFormValues } from './order-form-values';
import { useEditableOrderFields } from './order-information-tab';

export type OrderAttachmentsTabProps = {
  order: OrderDetailRecord;
  form: FormInstance<OrderFormValues>;
};

/**
 * The Attachments tab of an order (spec 2 "Service order detail"): its header fields — amounts, delivery
 * date, execution period, retention type (chosen only under the §4 conditions), rate and release date
 * (unless the retention is not applicable); the deposits block and the attachments table (each with its
 * read right), whose creation needs a validated order outside the follower edition.
 */
export function OrderAttachmentsTab({ order, form }: OrderAttachmentsTabProps) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const editing = useEditMode();
  const { editable } = useEditableOrderFields(order, form);
  const depositType = (Form.useWatch('depositType', form) ?? order.depositType) as MarketDepositType;
  const executionPeriod = Form.useWatch('executionPeriod', form) ?? order.executionPeriod;
  const hasRetention = depositType !== 'notApplicable';

  return (
    <>
      <Card>
        <Form form={form} layout="horizontal" labelCol={{ span: 8 }} wrapperCol={{ span: 14 }}>
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Form.Item label={t('orderDetail.field.total')}>
                <Typography.Text strong>{formatMoney(order.total)}</Typography.Text>
              </Form.Item>
              <Form.Item label={t('orderDetail.field.alreadyInvoiced')}>
                <Typography.Text>{formatMoney(order.alreadyInvoiced)}</Typography.Text>
              </Form.Item>
              <Form.Item name="deliveryDate" label={t('orderDetail.field.deliveryDate')}>
                <IsoDateInput disabled={!editable.has('deliveryDate')} />
              </Form.Item>
              <Form.Item label={t('orderDetail.field.executionPeriod')}>
                <Typography.Text>{executionPeriod || '—'}</Typography.Text>
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item
                name="depositType"
                label={t('orderDetail.field.depositType')}
                extra={
                  order.marketDepositType === 'withThreshold' && order.threshold
                    ? t('orderDetail.threshold', { amount: formatMoney(order.threshold) })
                    : undefined
                }
              >
                <Select
                  disabled={!editable.has('depositType')}
                  style={{ maxWidth: 240 }}
                  options={MARKET_DEPOSIT_TYPES.map((value) => ({ value, label: t(`markets.depositTypes.${value}`) }))}
                />
              </Form.Item>
              {hasRetention ? (
                <>
                  <Form.Item label={t('orderDetail.field.rgRate')}>
                    <Typography.Text>{order.rgRate ? `${order.rgRate.replace('.', ',')} %` : '—'}</Typography.Text>
                  </Form.Item>
                  <Form.Item label={t('orderDetail.field.date')}>
                    <Typography.Text>{formatIsoDate(order.date)}</Typography.Text>
                  </Form.Item>
                  <Form.Item
                    name="releaseDate"
                    label={t('orderDetail.field.releaseDate')}
                    rules={[
                      {
                        validator: async (_rule, value: string | null) => {
                          if (releaseDateTooEarly(value, order.date)) {
                            throw new Error(ORDER_RELEASE_DATE_MESSAGE);
                          }
                        },
                      },
                    ]}
                  >
                    <IsoDateInput min={order.date} disabled={!editable.has('releaseDate')} />
                  </Form.Item>
                </>
              ) : null}
            </Col>
          </Row>
        </Form>
      </Card>
      {can('deposit', 'read') ? (
        <Card title={t('deposits.block')} style={{ marginTop: 16 }}>
          <DepositsBlock orderId={order.id} />
        </Card>
      ) : null}
      {can('attachement', 'read') ? (
        <div style={{ marginTop: 16 }}>
          <OrderAttachmentsTable
            orderId={order.id}
            canCreate={attachmentCreationAllowed(order, { editing, canCreate: can('attachement', 'create') })}
          />
        </div>
      ) : null}
    </>
  );
}
