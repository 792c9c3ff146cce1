import { MergeCellsOutlined } from '@ant-design/icons';
import type { CategoryRow } from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { ListScreen } from '../../components/data-table/list-screen';
import { listQueryKey, useListController } from '../../components/data-table/use-list-controller';
import { EntityLink } from '../../components/entity-link';
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
  const [merging, setMerging] = useState(false);
  const controller = useListController<CategoryRow>({ listName: 'categories', path: CATEGORY_LIST_PATH });

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
    <ListScreen
      title={t('categories.title')}
      controller={controller}
      columns={columns}
      csvPath={CATEGORY_CSV_PATH}
      extra={
        can('category', 'delete') ? (
          <Button icon={<MergeCellsOutlined />} loading={merging} onClick={() => void dedupe().catch(() => undefined)}>
            {t('categories.dedupe')}
          </Button>
        ) : null
      }
      create={{
        entity: 'category',
        label: t('categories.create'),
        modal: (open, onClose) => <CategoryCreateModal open={open} onClose={onClose} />,
      }}
    />
  );
}
