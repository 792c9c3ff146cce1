import { LockOutlined } from '@ant-design/icons';
import { bpuUpdateSchema } from '@isf/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailPage, type DetailTab } from '../../components/detail-page/detail-page';
import { useRouteId } from '../../components/detail-page/use-detail-record';
import { useDetailScreen } from '../../components/detail-page/use-detail-screen';
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
  const prices = useBpuPrices(bpuId ?? 0, bpuId !== null);
  const screen = useDetailScreen({
    queryKey: bpuQueryKey,
    fetch: fetchBpu,
    toFormValues: formValuesOf,
    listPaths: [BPU_LIST_PATH],
    schema: bpuUpdateSchema,
    payloadOf: (values) => ({ ...values, prestationSSTs: priceLinesToSend(prices.lines, prices.edits) }),
    update: updateBpu,
    remove: deleteBpu,
    afterSave: () => prices.reset(),
  });
  const { form, editing, actions } = screen;
  const bpu = screen.record;
  const editable = bpu !== undefined && !bpu.locked;

  const reload = async () => {
    await Promise.all([screen.reload(), prices.reset()]);
  };

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
      children: bpu ? <BpuInformationTab bpu={bpu} form={form} /> : null,
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
      {...screen.page}
      tabs={tabs}
      onSave={editable ? save : undefined}
      onReload={reload}
      onDelete={editable ? actions.remove : undefined}
    />
  );
}
