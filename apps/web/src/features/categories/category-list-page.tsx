import { MergeCellsOutlined, PlusOutlined } from '@ant-design/icons';
import type { CategoryRow } from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { listQueryKey, useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { CATEGORY_DETAIL_ROUTE } from '../../lib/routes';
import { CATEGORY_CSV_PATH, CATEGORY_LIST_PATH, dedupeCategories } from './categories.api';
import { CategoryCreateModal } from './category-create-modal';

/** The category list (spec 3 /categories) with its create modal and the merge of duplicates. */
export function CategoryListPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [merging, setMerging] = useState(false);
  const controller = useListController<CategoryRow>({ listName: 'categories', path: CATEGORY_LIST_PATH });
  const canCreate = can('category', 'create');

  const columns = useMemo<DataColumn<CategoryRow>[]>(
    () => [
      { key: 'id', title: t('fields.id'), width: 90, nullFilter: false },
      {
        key: 'name',
        title: t('categories.name'),
        nullFilter: false,
        render: (row) => (
          <EntityLink entity="category" to={`${CATEGORY_DETAIL_ROUTE}/${row.id}`}>
            {row.name}
          </EntityLink>
        ),
      },
      {
        key: 'parentName',
        title: t('categories.parent'),
        render: (row) =>
          row.parentId === null ? null : (
            <EntityLink entity="category" to={`${CATEGORY_DETAIL_ROUTE}/${row.parentId}`}>
              {row.parentName}
            </EntityLink>
          ),
      },
    ],
    [t],
  );

  const dedupe = async () => {
    const feedback = getFeedback();
    if (!(await feedback.confirm({ title: t('categories.dedupe'), content: t('categories.dedupeConfirm') }))) {
      return;
    }
    setMerging(true);
    try {
      const reply = await dedupeCategories();
      if (reply.success) {
        feedback.success(t('categories.dedupeDone', { count: reply.merged }));
        void queryClient.invalidateQueries({ queryKey: listQueryKey(CATEGORY_LIST_PATH) });
        void queryClient.invalidateQueries({ queryKey: ['category'] });
      }
    } finally {
      setMerging(false);
    }
  };

  return (
    <section>
      <PageHeader
        title={t('categories.title')}
        extra={
          <Space>
            {can('category', 'delete') ? (
              <Button icon={<MergeCellsOutlined />} loading={merging} onClick={() => void dedupe().catch(() => undefined)}>
                {t('categories.dedupe')}
              </Button>
            ) : null}
            {canCreate ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {t('categories.create')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <DataTable controller={controller} columns={columns} csvPath={CATEGORY_CSV_PATH} />
      {canCreate ? <CategoryCreateModal open={creating} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
