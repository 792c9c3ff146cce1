import { LockOutlined } from '@ant-design/icons';
import { bpuUpdateSchema } from '@isf/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailPage, type DetailTab } from '../../components/detail-page/detail-page';
import { useDetailActions } from '../../components/detail-page/use-detail-actions';
import { useDetailForm } from '../../components/detail-page/use-detail-form';
import { useRouteId } from '../../components/detail-page/use-detail-record';
import { useEditMode } from '../../lib/edit-mode';
import { getFeedback } from '../../lib/feedback';
import { BPU_LIST_ROUTE } from '../../lib/routes';
import { BpuInformationTab } from './bpu-information-tab';
import { BpuPrestationsTab } from './bpu-prestations-tab';
import { invalidCosts, priceLinesToSend } from './bpu-prices';
import { BPU_LIST_PATH, type BpuRecord, bpuQueryKey, deleteBpu, fetchBpu, updateBpu } from './bpus.api';
import { useBpuPrices } from './use-bpu-prices';

type Values = { name: string };

function formValuesOf(bpu: BpuRecord): Values {
  return { name: bpu.name };
}

/**
 * The BPU detail (spec 3 /sst/bpu/{id}): tabs Information (0) and Prestations (1); the name and the
 * prices are saved together. A locked BPU has no edit, delete or import.
 */
export function BpuDetailPage() {
  const { t } = useTranslation();
  const bpuId = useRouteId();
  const id = bpuId ?? 0;
  const editing = useEditMode();
  const detail = useDetailForm({
    queryKey: bpuQueryKey(id),
    fetch: () => fetchBpu(id),
    enabled: bpuId !== null,
    toFormValues: formValuesOf,
  });
  const { form } = detail;
  const bpu = detail.record;
  const prices = useBpuPrices(id, bpuId !== null);
  const editable = bpu !== undefined && !bpu.locked;

  const reload = async () => {
    await Promise.all([detail.reload(), prices.reset()]);
  };

  const actions = useDetailActions({
    detail,
    queryKey: bpuQueryKey(id),
    listPaths: [BPU_LIST_PATH],
    schema: bpuUpdateSchema,
    payloadOf: (values) => ({ ...values, prestationSSTs: priceLinesToSend(prices.lines, prices.edits) }),
    update: (payload) => updateBpu(id, payload),
    remove: () => deleteBpu(id),
    afterSave: () => prices.reset(),
  });

  const save = async () => {
    if (invalidCosts(prices.edits).length > 0) {
      getFeedback().warning(t('bpus.invalidPrices'));
      return false;
    }
    return actions.save();
  };

  const tabs: DetailTab[] = [
    {
      key: '0',
      label: t('detail.information'),
      children: bpu ? <BpuInformationTab bpu={bpu} form={form} editing={editing} /> : null,
    },
    {
      key: '1',
      label: t('bpus.prestations'),
      children: bpu ? <BpuPrestationsTab bpu={bpu} prices={prices} editing={editing} onImported={() => void reload()} /> : null,
    },
  ];

  return (
    <DetailPage
      title={
        bpu ? (
          <>
            {t('bpus.detailTitle', { name: bpu.name })}
            {bpu.locked ? (
              <Tag icon={<LockOutlined />} color="default" style={{ marginInlineStart: 12, verticalAlign: 'middle' }}>
                {t('bpus.locked')}
              </Tag>
            ) : null}
          </>
        ) : (
          t('bpus.one')
        )
      }
      entity="bpu_sst"
      listRoute={BPU_LIST_ROUTE}
      loading={detail.loading}
      notFound={detail.missing}
      form={form}
      tabs={tabs}
      onSave={editable ? save : undefined}
      onReload={reload}
      onDelete={editable ? actions.remove : undefined}
    />
  );
}
