import { type CategoryRecord, categoryUpdateSchema } from '@isf/contract';
import { Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailActions } from '../../components/detail-page/use-detail-actions';
import { useDetailForm } from '../../components/detail-page/use-detail-form';
import { useRouteId } from '../../components/detail-page/use-detail-record';
import { useEditMode } from '../../lib/edit-mode';
import { CATEGORY_LIST_ROUTE } from '../../lib/routes';
import { CATEGORY_LIST_PATH, categoryQueryKey, deleteCategory, fetchCategory, updateCategory } from './categories.api';
import { CategoryFormFields, type CategoryFormValues } from './category-form-fields';

function formValuesOf(category: CategoryRecord): CategoryFormValues {
  return { name: category.name, parent: category.parent };
}

/** The category detail (spec 3 /category/{id}): parent category (required) and name. */
export function CategoryDetailPage() {
  const { t } = useTranslation();
  const categoryId = useRouteId();
  const id = categoryId ?? 0;
  const editing = useEditMode();
  const detail = useDetailForm({
    queryKey: categoryQueryKey(id),
    fetch: () => fetchCategory(id),
    enabled: categoryId !== null,
    toFormValues: formValuesOf,
  });
  const { form, reload } = detail;
  const category = detail.record;

  const actions = useDetailActions({
    detail,
    queryKey: categoryQueryKey(id),
    listPaths: [CATEGORY_LIST_PATH],
    otherKeys: () => [['category', 'allParentCategories']],
    schema: categoryUpdateSchema,
    update: (payload) => updateCategory(id, payload),
    remove: () => deleteCategory(id),
  });

  const self = category
    ? {
        id: category.id,
        name: category.name,
        parent: category.parent === null ? null : { id: category.parent, name: category.parentName ?? '' },
      }
    : undefined;

  return (
    <DetailPage
      title={category ? t('categories.detailTitle', { name: category.name }) : t('categories.one')}
      entity="category"
      listRoute={CATEGORY_LIST_ROUTE}
      loading={detail.loading}
      notFound={detail.missing}
      form={form}
      onSave={actions.save}
      onReload={reload}
      onDelete={actions.remove}
    >
      <Card>
        <Form
          name="category-detail"
          form={form}
          layout="horizontal"
          labelCol={{ span: 6 }}
          wrapperCol={{ span: 14 }}
          disabled={!editing}
          style={{ maxWidth: 900 }}
        >
          <CategoryFormFields parentRequired self={self} />
        </Form>
      </Card>
    </DetailPage>
  );
}
