import { type CategoryRecord, categoryUpdateSchema } from '@isf/contract';
import { useTranslation } from 'react-i18next';
import { DetailForm } from '../../components/detail-page/detail-form';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailScreen } from '../../components/detail-page/use-detail-screen';
import { CATEGORY_LIST_ROUTE } from '../../lib/routes';
import { CATEGORY_LIST_PATH, categoryQueryKey, deleteCategory, fetchCategory, updateCategory } from './categories.api';
import { CategoryFormFields, type CategoryFormValues } from './category-form-fields';

function formValuesOf(category: CategoryRecord): CategoryFormValues {
  return { name: category.name, parent: category.parent };
}

/** The category detail (spec 3 /category/{id}): parent category (required) and name. */
export function CategoryDetailPage() {
  const { t } = useTranslation();
  const screen = useDetailScreen({
    queryKey: categoryQueryKey,
    fetch: fetchCategory,
    toFormValues: formValuesOf,
    listPaths: [CATEGORY_LIST_PATH],
    otherKeys: () => [['category', 'allParentCategories']],
    schema: categoryUpdateSchema,
    update: updateCategory,
    remove: deleteCategory,
  });
  const category = screen.record;

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
      {...screen.page}
    >
      <DetailForm name="category-detail" form={screen.form}>
        <CategoryFormFields parentRequired self={self} />
      </DetailForm>
    </DetailPage>
  );
}
