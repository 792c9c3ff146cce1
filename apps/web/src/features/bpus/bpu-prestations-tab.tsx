import { DownloadOutlined } from '@ant-design/icons';
import type { BpuPrestationLine } from '@isf/contract';
import { Button, Card, Input, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCsvImport } from '../../components/csv-import/use-csv-import';
import { PRESTATION_PAGINATION, type PrestationColumn, prestationColumns } from '../../components/prestations/prestation-columns';
import { exportPathWithSort } from '../../components/prestations/prestation-sort';
import { downloadByFormPost } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { formatMoney } from '../../lib/i18n';
import { costOf, isValidCost, isZeroCost, visibleLines } from './bpu-prices';
import { type BpuRecord, bpuExportPath, importBpuCsv } from './bpus.api';
import type { BpuPrices } from './use-bpu-prices';

type BpuPrestationsTabProps = {
  bpu: BpuRecord;
  prices: BpuPrices;
  editing: boolean;
  /** After an import: the record (its version moved) and the prices are reloaded. */
  onImported: () => void;
};

/**
 * The Prestations tab of a BPU (spec 3 BPU detail): every prestation of its template with its price.
 * Read mode hides the lines without a price; edit mode shows them all with a price field. CSV export
 * (form post with the token) and, with the update right on an unlocked BPU, CSV import.
 */
export function BpuPrestationsTab({ bpu, prices, editing, onImported }: BpuPrestationsTabProps) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const { lines, edits, setCost } = prices;
  const shown = visibleLines(lines, editing);
  const priced = lines.filter((line) => !isZeroCost(line.prestationSST.cost)).length;
  const canImport = can('bpu_sst', 'update') && !bpu.locked && !editing;
  const csvImport = useCsvImport({ send: (file) => importBpuCsv(bpu.id, file), onImported });

  const priceColumn: PrestationColumn<BpuPrestationLine> = {
    key: 'cost',
    title: t('bpus.price'),
    align: 'right',
    width: 160,
    sorter: false,
    render: (_value: unknown, line: BpuPrestationLine) => {
      if (!editing) {
        return formatMoney(line.prestationSST.cost);
      }
      const cost = costOf(line, edits);
      const valid = isValidCost(cost);
      return (
        <Input
          size="small"
          inputMode="decimal"
          value={cost}
          status={valid ? undefined : 'error'}
          title={valid ? undefined : t('bpus.invalidPrice')}
          aria-label={t('bpus.priceOf', { code: line.code })}
          suffix="€"
          style={{ textAlign: 'right' }}
          onChange={(event) => setCost(line.id, event.target.value)}
        />
      );
    },
  };
  const columns = prices.sortable([...prestationColumns<BpuPrestationLine>(t), priceColumn]);

  return (
    <Card
      title={t('bpus.prestations')}
      extra={
        <Space align="start">
          <Button
            icon={<DownloadOutlined />}
            onClick={() => downloadByFormPost(exportPathWithSort(bpuExportPath(bpu.id), prices.sort), {})}
          >
            {t('bpus.export')}
          </Button>
          {canImport ? csvImport.button : null}
        </Space>
      }
    >
      {canImport ? csvImport.report : null}
      <Typography.Paragraph type="secondary">
        {editing ? t('bpus.editHint') : t('bpus.pricedCount', { count: priced, total: lines.length })}
      </Typography.Paragraph>
      <Table<BpuPrestationLine>
        rowKey="id"
        size="small"
        loading={prices.loading}
        dataSource={shown}
        columns={columns}
        onChange={prices.onChange}
        pagination={PRESTATION_PAGINATION}
      />
    </Card>
  );
}
