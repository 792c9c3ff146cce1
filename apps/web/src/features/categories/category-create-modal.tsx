import { categoryCreateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { CATEGORY_DETAIL_ROUTE } from '../../lib/routes';
import { CATEGORY_LIST_PATH, createCategory } from './categories.api';
import { CategoryFormFields, type CategoryFormValues, EMPTY_CATEGORY } from './category-form-fields';

/** Creates a category (parent optional), then opens it. */
export function CategoryCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CategoryFormValues>();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('categories.createTitle')}
      form={form}
      initialValues={EMPTY_CATEGORY}
      schema={categoryCreateSchema}
      submit={createCategory}
      listPath={CATEGORY_LIST_PATH}
      detailRoute={CATEGORY_DETAIL_ROUTE}
    >
      <CategoryFormFields parentRequired={false} />
    </FormModal>
  );
}
