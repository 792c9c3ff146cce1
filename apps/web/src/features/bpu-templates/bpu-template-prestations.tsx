import { DownloadOutlined } from '@ant-design/icons';
import type { PrestationRecord } from '@isf/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCsvImport } from '../../components/csv-import/use-csv-import';
import { listQueryKey } from '../../components/data-table/use-list-controller';
import { PRESTATION_PAGINATION, type PrestationColumn, prestationColumns } from '../../components/prestations/prestation-columns';
import { exportPathWithSort, usePrestationSort } from '../../components/prestations/prestation-sort';
import { downloadByFormPost } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { BPU_TEMPLATE_LIST_PATH, PRESTATION_LIST_PATH } from '../../lib/list-paths';
import { bpuTemplatePrestationsKey } from '../prestations';
import { bpuTemplateExportPath, fetchBpuTemplatePrestations, importBpuTemplateCsv } from './bpu-templates.api';
import { PrestationAddRow } from './prestation-add-row';
import { PrestationCellEditor } from './prestation-cell-editor';
import { PrestationRowActions, usePrestationRowEdit } from './prestation-row-edit';
import type { PrestationRowField } from './prestation-row-values';

/** Which row field each column edits. */
const COLUMN_FIELD: Record<string, PrestationRowField> = {
  referenceName: 'reference',
  categoryParentName: 'category',
  categoryName: 'subcategory',
  code: 'code',
  description: 'description',
  unitName: 'unit',
  typeName: 'type',
};

/**
 * A template's prestations (spec 3 /sst/bputemplate/{id}): sorted by the server (by default parent
 * category, category, designation), inline row edit, an add-row editor under the rows, CSV export with
 * the table's sort and CSV import.
 */
export function BpuTemplatePrestations({ templateId }: { templateId: number }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const queryClient = useQueryClient();
  const { sort, sortable, onChange } = usePrestationSort<PrestationRecord>();
  const prestations = useQuery({
    queryKey: bpuTemplatePrestationsKey(templateId, sort),
    queryFn: () => fetchBpuTemplatePrestations(templateId, sort),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: bpuTemplatePrestationsKey(templateId) });
    void queryClient.invalidateQueries({ queryKey: listQueryKey(PRESTATION_LIST_PATH) });
    void queryClient.invalidateQueries({ queryKey: listQueryKey(BPU_TEMPLATE_LIST_PATH) });
  };
  const templateEditable = can('bpu_template', 'update');
  const rights = {
    update: templateEditable && can('prestation', 'update'),
    remove: templateEditable && can('prestation', 'delete'),
  };
  const canAdd = templateEditable && can('prestation', 'create');
  const rowEdit = usePrestationRowEdit(refresh);
  const csvImport = useCsvImport({ send: (file) => importBpuTemplateCsv(templateId, file), onImported: refresh });

  const columns: PrestationColumn<PrestationRecord>[] = prestationColumns<PrestationRecord>(t).map((column) => {
    const field = COLUMN_FIELD[column.key];
    const show = column.render;
    return {
      ...column,
      render: (value: unknown, row: PrestationRecord, index: number) =>
        field && rowEdit.editing?.id === row.id ? (
          <PrestationCellEditor field={field} current={row} />
        ) : show ? (
          show(value, row, index)
        ) : (
          (value as string | null)
        ),
    };
  });
  if (rights.update || rights.remove || canAdd) {
    columns.push({
      key: 'actions',
      title: t('bpuTemplates.actions'),
      width: 130,
      sorter: false,
      render: (_value: unknown, row: PrestationRecord) => <PrestationRowActions row={row} edit={rowEdit} rights={rights} />,
    });
  }

  return (
    <Card
      title={t('bpuTemplates.prestations')}
      extra={
        <Space>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => downloadByFormPost(exportPathWithSort(bpuTemplateExportPath(templateId), sort), {})}
          >
            {t('bpuTemplates.export')}
          </Button>
          {templateEditable ? csvImport.button : null}
        </Space>
      }
    >
      {csvImport.report}
      <Form form={rowEdit.form} name="prestation-row" component={false}>
        <Table<PrestationRecord>
          rowKey="id"
          size="small"
          loading={prestations.isLoading}
          dataSource={prestations.data ?? []}
          columns={sortable(columns)}
          onChange={onChange}
          pagination={PRESTATION_PAGINATION}
          summary={canAdd ? () => <PrestationAddRow templateId={templateId} onCreated={refresh} /> : undefined}
        />
      </Form>
    </Card>
  );
}
