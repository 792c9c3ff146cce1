import { BPU_LOCKED_MESSAGE, bpuCreateSchema } from '@isf/contract';
import { Alert, Form, type FormInstance, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailForm } from '../../components/detail-page/detail-form';
import { EntityLink } from '../../components/entity-link';
import { NameItem } from '../../components/form/name-item';
import { BPU_TEMPLATE_DETAIL_ROUTE } from '../../lib/routes';
import type { BpuRecord } from './bpus.api';

type BpuInformationTabProps = { bpu: BpuRecord; form: FormInstance };

/** The Information tab of a BPU: its name (editable), its template, market and lock (read-only). */
export function BpuInformationTab({ bpu, form }: BpuInformationTabProps) {
  const { t } = useTranslation();
  return (
    <DetailForm
      name="bpu-detail"
      form={form}
      intro={
        bpu.locked ? <Alert type="info" showIcon title={BPU_LOCKED_MESSAGE} style={{ marginBottom: 16, maxWidth: 900 }} /> : null
      }
    >
      <NameItem label={t('bpus.name')} schema={bpuCreateSchema.shape.name} />
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
    </DetailForm>
  );
}
