import { prestationUpdateSchema } from '@isf/contract';
import { useTranslation } from 'react-i18next';
import { DetailForm } from '../../components/detail-page/detail-form';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailScreen } from '../../components/detail-page/use-detail-screen';
import { PRESTATION_LIST_PATH } from '../../lib/list-paths';
import { PRESTATION_LIST_ROUTE } from '../../lib/routes';
import { PrestationFormFields, type PrestationFormValues, prestationFormValuesOf } from './prestation-form-fields';
import {
  bpuTemplatePrestationsKey,
  deletePrestation,
  fetchPrestation,
  prestationQueryKey,
  updatePrestation,
} from './prestations.api';

/** The prestation detail (spec 3 /prestation/{id}): the template is read-only, the subcategory required when the category has any. */
export function PrestationDetailPage() {
  const { t } = useTranslation();
  const screen = useDetailScreen({
    queryKey: prestationQueryKey,
    fetch: fetchPrestation,
    toFormValues: prestationFormValuesOf,
    listPaths: [PRESTATION_LIST_PATH],
    otherKeys: (prestation) => (prestation ? [bpuTemplatePrestationsKey(prestation.bpu)] : []),
    schema: prestationUpdateSchema,
    // the template is fixed: it is shown, never sent
    payloadOf: ({ bpu: _bpu, ...values }: Partial<PrestationFormValues>) => values,
    update: updatePrestation,
    remove: deletePrestation,
  });
  const prestation = screen.record;

  return (
    <DetailPage
      title={prestation ? t('prestations.detailTitle', { name: prestation.code }) : t('prestations.one')}
      entity="prestation"
      listRoute={PRESTATION_LIST_ROUTE}
      {...screen.page}
    >
      <DetailForm name="prestation-detail" form={screen.form}>
        <PrestationFormFields creating={false} current={prestation} />
      </DetailForm>
    </DetailPage>
  );
}
