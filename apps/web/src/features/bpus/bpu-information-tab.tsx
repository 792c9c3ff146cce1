import { BPU_LOCKED_MESSAGE, bpuCreateSchema } from '@isf/contract';
import { Alert, Card, Form, type FormInstance, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityLink } from '../../components/entity-link';
import { schemaRule } from '../../components/form/schema-rules';
import { TrimmedInput } from '../../components/form/trimmed-input';
import { BPU_TEMPLATE_DETAIL_ROUTE } from '../../lib/routes';
import type { BpuRecord } from './bpus.api';

type BpuInformationTabProps = { bpu: BpuRecord; form: FormInstance; editing: boolean };

/** The Information tab of a BPU: its name (editable), its template, market and lock (read-only). */
export function BpuInformationTab({ bpu, form, editing }: BpuInformationTabProps) {
  const { t } = useTranslation();
  return (
    <Card>
      {bpu.locked ? <Alert type="info" showIcon title={BPU_LOCKED_MESSAGE} style={{ marginBottom: 16, maxWidth: 900 }} /> : null}
      <Form
        name="bpu-detail"
        form={form}
        layout="horizontal"
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 14 }}
        disabled={!editing}
        style={{ maxWidth: 900 }}
      >
        <Form.Item name="name" label={t('bpus.name')} required rules={[schemaRule(bpuCreateSchema.shape.name, t)]}>
          <TrimmedInput maxLength={255} />
        </Form.Item>
        <Form.Item label={t('bpus.bpuTemplate')}>
          <EntityLink entity="bpu_template" to={`${BPU_TEMPLATE_DETAIL_ROUTE}/${bpu.bpuTemplate}`}>
            {bpu.bpuTemplateName}
          </EntityLink>
        </Form.Item>
        <Form.Item label={t('bpus.market')}>
          {bpu.market === null ? (
            t('bpus.noMarket')
          ) : (
            <EntityLink entity="subcontractor_market" to={`/sst/market/${bpu.market}`}>
              {`#${bpu.market}`}
            </EntityLink>
          )}
        </Form.Item>
        <Form.Item label={t('bpus.lockedLabel')}>
          {bpu.locked ? <Tag color="default">{t('bpus.locked')}</Tag> : <Tag color="green">{t('bpus.unlocked')}</Tag>}
        </Form.Item>
      </Form>
    </Card>
  );
}
