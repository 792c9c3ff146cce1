import type { PrestationRow } from '@isf/contract';
import type { TableColumnType, TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { PRESTATION_DETAIL_ROUTE } from '../../lib/routes';
import { EntityLink } from '../entity-link';

/** The cells every prestation table shows (template, BPU). */
export type PrestationCells = Pick<
  PrestationRow,
  'id' | 'referenceName' | 'categoryParentName' | 'categoryName' | 'code' | 'description' | 'unitName' | 'typeName'
>;

export type PrestationColumn<Row> = TableColumnType<Row> & { key: string };

/** The columns of a prestation table, keyed by their server sort names; the code opens the prestation. */
export function prestationColumns<Row extends PrestationCells>(t: TFunction): PrestationColumn<Row>[] {
  return [
    { key: 'referenceName', dataIndex: 'referenceName', title: t('prestations.reference') },
    { key: 'categoryParentName', dataIndex: 'categoryParentName', title: t('prestations.categoryParent') },
    { key: 'categoryName', dataIndex: 'categoryName', title: t('prestations.category') },
    {
      key: 'code',
      dataIndex: 'code',
      title: t('prestations.code'),
      render: (_value: unknown, row: Row) => (
        <EntityLink entity="prestation" to={`${PRESTATION_DETAIL_ROUTE}/${row.id}`}>
          {row.code}
        </EntityLink>
      ),
    },
    { key: 'description', dataIndex: 'description', title: t('prestations.description') },
    { key: 'unitName', dataIndex: 'unitName', title: t('prestations.unit') },
    { key: 'typeName', dataIndex: 'typeName', title: t('prestations.type') },
  ];
}

/** Pagination of the prestation tables (spec 3 §9: 50 by default, 50 / 100 / 200). */
export const PRESTATION_PAGINATION: TablePaginationConfig = {
  defaultPageSize: 50,
  pageSizeOptions: [50, 100, 200],
  showSizeChanger: true,
};
