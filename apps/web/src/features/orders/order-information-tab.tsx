import type { UserRow } from '@isf/contract';
import {
  editableOrderFields,
  type OrderDetailRecord,
  type OrderFormField,
  orderComplementMaxLength,
  showsEmitterFields,
} from '@isf/contract';
import { Form, type FormInstance, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityLink } from '../../components/entity-link';
import { OracleProjectTaskItems } from '../../components/erp/oracle-project-task-items';
import { ChoiceSelectItem, namedChoices } from '../../components/form/choice-select-item';
import { IsoDateInput } from '../../components/form/iso-date-input';
import { TrimmedInput } from '../../components/form/trimmed-input';
import { Picker } from '../../components/picker/picker';
import { tokenAgeLabel } from '../../components/workflow-panel/token-age';
import { WorkflowColumn } from '../../components/workflow-panel/workflow-column';
import { useAuth } from '../../lib/auth-store';
import { codeAndName } from '../../lib/code-and-name';
import { useEditMode } from '../../lib/edit-mode';
import { formatIsoDate } from '../../lib/i18n';
import { useOrderChoices } from './order-detail.api';
import { OrderErpStatus } from './order-erp-status';
import type { OrderFormValues } from './order-form-values';
import { ORDER_FINANCIAL_OPTION } from './order-header-actions';
import { OrderTemplateNameItem } from './order-template-item';
import { useBpuTemplateOrderTemplates } from './orders.api';

/** The fields the user may change now (spec 2 §4-§5), following the ERP projects chosen in the form. */
export function useEditableOrderFields(order: OrderDetailRecord, form: FormInstance<OrderFormValues>) {
  const editing = useEditMode();
  const { hasOption } = useAuth();
  const oracleProject = Form.useWatch('oracleProject', form) ?? null;
  const emitterProject = Form.useWatch('oracleEmitterProject', form) ?? null;
  const editable = editableOrderFields(order, {
    editing,
    financial: hasOption(ORDER_FINANCIAL_OPTION),
    oracleProject,
    oracleEmitterProject: emitterProject?.id ?? null,
  });
  return { editable };
}

function ReadOnly({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Form.Item label={label}>
      <Typography.Text>{children ?? '—'}</Typography.Text>
    </Form.Item>
  );
}

export type OrderInformationTabProps = {
  order: OrderDetailRecord;
  form: FormInstance<OrderFormValues>;
  /** The post-action of a workflow move (reload the order). */
  onMoved: () => void;
};

/**
 * The Information tab of an order (spec 2 "Service order detail"): every field of the spec's list with
 * the editing rules of §4-§5, the FTTH fields for an FTTH profile, the emitter fields for an internally
 * paid market; the workflow panel with its history beside them.
 */
export function OrderInformationTab({ order, form, onMoved }: OrderInformationTabProps) {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const { editable } = useEditableOrderFields(order, form);
  const locked = (field: OrderFormField) => !editable.has(field);
  const choices = useOrderChoices(order);
  const templates = useBpuTemplateOrderTemplates(order.bpuTemplateId);
  const editing = useEditMode();
  // an empty choice reads as empty outside edit mode, not as a request to choose
  const choose = editing ? t('validation.selectItem') : undefined;

  /** A choice field: its label and lock follow its name, its placeholder the edit mode; `current` is the saved choice. */
  const choiceField = (field: OrderFormField, current?: { id: number | null; label: string | null }) => ({
    name: field,
    label: t(`orderDetail.field.${field}`),
    disabled: locked(field),
    placeholder: choose,
    current,
  });
  return (
    <WorkflowColumn entity="order" entityId={order.id} onMoved={onMoved}>
      <Form form={form} layout="horizontal" labelCol={{ span: 8 }} wrapperCol={{ span: 14 }}>
        <ReadOnly label={t('orderDetail.field.reference')}>{order.reference}</ReadOnly>
        <Form.Item
          name="name"
          label={t('orderDetail.field.name')}
          required
          extra={order.sentSST && editing ? t('orderDetail.nameFrozen') : undefined}
        >
          <TrimmedInput maxLength={orderComplementMaxLength(order.marketEdifice)} disabled={locked('name')} />
        </Form.Item>
        <ReadOnly label={t('orderDetail.field.contractNumber')}>{order.contractNumber}</ReadOnly>
        <Form.Item name="mainClient" label={t('orderDetail.field.mainClient')}>
          <TrimmedInput maxLength={255} disabled={locked('mainClient')} />
        </Form.Item>
        <Form.Item name="clientMarket" label={t('orderDetail.field.clientMarket')}>
          <TrimmedInput maxLength={255} disabled={locked('clientMarket')} />
        </Form.Item>
        <Form.Item name="clientBdc" label={t('orderDetail.field.clientBdc')}>
          <TrimmedInput maxLength={255} disabled={locked('clientBdc')} />
        </Form.Item>
        <Form.Item name="executionPeriod" label={t('orderDetail.field.executionPeriod')}>
          <TrimmedInput maxLength={255} disabled={locked('executionPeriod')} />
        </Form.Item>
        <Form.Item label={t('orderDetail.field.market')} required>
          <EntityLink entity="subcontractor_market" to={`/sst/market/${order.market}`}>
            {order.marketEdifice}
          </EntityLink>
        </Form.Item>
        <Form.Item label={t('orderDetail.field.agency')}>
          <EntityLink entity="agency" to={`/sst/agency/${order.agency}`}>
            {order.agencyName}
          </EntityLink>
          {order.agencyAnomaly ? (
            <Tag color="orange" style={{ marginInlineStart: 8 }}>
              {t('orderDetail.agencyAnomaly')}
            </Tag>
          ) : null}
        </Form.Item>
        {profile?.ftth ? (
          <>
            <ChoiceSelectItem
              {...choiceField('oscarSubProject', { id: order.oscarSubProject, label: order.oscarSubProjectName })}
              allowClear
              {...namedChoices(choices.oscarSubprojects)}
            />
            <ReadOnly label={t('orderDetail.field.arcgisName')}>{order.arcgisName}</ReadOnly>
            <ReadOnly label={t('orderDetail.field.nroName')}>{order.nroName}</ReadOnly>
            <ReadOnly label={t('orderDetail.field.offerIdPm')}>{order.offerIdPm}</ReadOnly>
          </>
        ) : null}
        <ChoiceSelectItem
          {...choiceField('imputation', { id: order.imputation, label: order.imputationEotp })}
          allowClear
          loading={choices.imputations.isLoading}
          options={(choices.imputations.data ?? []).map((imputation) => ({
            value: imputation.id,
            label: codeAndName(imputation.eotp, imputation.description),
          }))}
        />
        <OracleProjectTaskItems
          project={choiceField('oracleProject', { id: order.oracleProject, label: order.oracleProjectName })}
          task={choiceField('oracleTask', { id: order.oracleTask, label: order.oracleTaskName })}
          projects={choices.oracleProjects}
          required="task"
          checked={false}
          hint={editing}
        />
        {showsEmitterFields(order) ? (
          <OracleProjectTaskItems
            project={choiceField('oracleEmitterProject')}
            task={choiceField('oracleEmitterTask', { id: order.oracleEmitterTask, label: order.oracleEmitterTaskName })}
            required="taskOfProject"
            checked={false}
            hint={editing}
          />
        ) : null}
        <Form.Item label={t('orderDetail.field.oracleStatus')}>
          <OrderErpStatus order={order} />
        </Form.Item>
        <Form.Item label={t('orderDetail.field.bpu')}>
          <EntityLink entity="bpu_sst" to={`/sst/bpu/${order.bpu}`}>
            {order.bpuName}
          </EntityLink>
        </Form.Item>
        <OrderTemplateNameItem
          label={t('orderDetail.field.orderTemplate')}
          templates={templates.data}
          loading={templates.isLoading}
          disabled={locked('orderTemplate')}
          placeholder={choose}
          current={{ id: order.orderTemplate, name: order.orderTemplateName }}
        />
        <ReadOnly label={t('orderDetail.field.projectType')}>{order.projectTypeName}</ReadOnly>
        <Form.Item label={t('orderDetail.field.status')}>
          {order.statusWF ? (
            <Space size={8}>
              <Tag>{order.statusWF.nodeName}</Tag>
              <Typography.Text type="secondary">{tokenAgeLabel(order.statusWF.updatedAt, t)}</Typography.Text>
            </Space>
          ) : (
            '—'
          )}
        </Form.Item>
        <Form.Item name="endDate" label={t('orderDetail.field.endDate')} required>
          <IsoDateInput disabled={locked('endDate')} />
        </Form.Item>
        <ReadOnly label={t('orderDetail.field.createdAt')}>{formatIsoDate(order.createdAt)}</ReadOnly>
        <ReadOnly label={t('orderDetail.field.creator')}>{order.creatorName}</ReadOnly>
        <Form.Item name="follower" label={t('orderDetail.field.follower')} required>
          <Picker<UserRow>
            entity="user"
            listPath="/users"
            listName="picker.users"
            title={t('orderDetail.field.follower')}
            required
            disabled={locked('follower')}
            detailRoute="/user"
            columns={[
              { key: 'uid', title: t('users.uid') },
              { key: 'name', title: t('fields.name') },
            ]}
            toValue={(row) => ({ id: row.id, label: `${row.name} (${row.uid})` })}
          />
        </Form.Item>
        <Form.Item name="observation" label={t('orderDetail.field.observation')}>
          <TrimmedInput multiline maxLength={4000} disabled={locked('observation')} />
        </Form.Item>
      </Form>
    </WorkflowColumn>
  );
}
