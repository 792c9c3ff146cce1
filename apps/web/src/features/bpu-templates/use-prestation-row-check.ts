import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { getFeedback } from '../../lib/feedback';
import { useSubcategories } from '../categories';
import { missingFields, PRESTATION_ROW_LABELS, type PrestationRowValues } from './prestation-row-values';

/**
 * The check of a prestation row before it is sent (spec 3 §5): any empty field blocks it with an alert
 * naming the empty fields. Gives the row's values, or null after the alert.
 */
export function usePrestationRowCheck(form: FormInstance<PrestationRowValues>): () => PrestationRowValues | null {
  const { t } = useTranslation();
  const category = Form.useWatch('category', form) ?? null;
  const subcategories = useSubcategories(category);
  return () => {
    const values = form.getFieldsValue(true) as PrestationRowValues;
    const missing = missingFields(values, (subcategories.data?.length ?? 0) > 0);
    if (missing.length > 0) {
      getFeedback().alert({
        title: t('bpuTemplates.emptyFields'),
        content: t('bpuTemplates.emptyFieldsList', {
          fields: missing.map((field) => t(PRESTATION_ROW_LABELS[field])).join(', '),
        }),
      });
      return null;
    }
    return values;
  };
}
