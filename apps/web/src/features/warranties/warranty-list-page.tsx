import { WARRANTY_DATES_OPTION, type WarrantyRow } from '@isf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-store';
import {
  DEFAULT_WARRANTY_CRITERIA,
  WARRANTY_CSV_PATH,
  WARRANTY_LIST_PATH,
  type WarrantyCriteriaValues,
  warrantyQuery,
} from './warranties.api';
import { useWarrantyColumns } from './warranty-columns';
import { WarrantyDateForm } from './warranty-date-form';
import { WarrantyFilters } from './warranty-filters';

/**
 * The order warranties (spec 2 /os/warranties): the criteria, the warranty columns with totals, row
 * selection and download (newest first); with the financial option and the order update right, the
 * delivery or RG release date of the selected orders.
 */
export function WarrantyListPage() {
  const { t } = useTranslation();
  const { can, hasOption } = useAuth();
  const [criteria, setCriteria] = useState<WarrantyCriteriaValues>(DEFAULT_WARRANTY_CRITERIA);
  const controller = useListController<WarrantyRow>({
    listName: 'orders-warranties',
    path: WARRANTY_LIST_PATH,
    defaultSort: { column: 'id', direction: 'desc' },
    summary: true,
    extraQuery: warrantyQuery(criteria),
  });
  const columns = useWarrantyColumns();
  const canDate = hasOption(WARRANTY_DATES_OPTION) && can('order', 'update');
  return (
    <section>
      <PageHeader title={t('warranties.title')} />
      <WarrantyFilters value={criteria} onChange={setCriteria} />
      <DataTable
        controller={controller}
        columns={columns}
        csvPath={WARRANTY_CSV_PATH}
        toolbar={
          canDate ? (
            <WarrantyDateForm
              selectedKeys={controller.selectedKeys}
              onSaved={() => {
                controller.setSelectedKeys([]);
                controller.refetch();
              }}
            />
          ) : null
        }
      />
    </section>
  );
}
