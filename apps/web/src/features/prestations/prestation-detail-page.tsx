import { type PrestationRecord, prestationUpdateSchema } from '@isf/contract';
import { Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailActions } from '../../components/detail-page/use-detail-actions';
import { useDetailForm } from '../../components/detail-page/use-detail-form';
import { useRouteId } from '../../components/detail-page/use-detail-record';
import { useEditMode } from '../../lib/edit-mode';
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
  const prestationId = useRouteId();
  const id = prestationId ?? 0;
  const editing = useEditMode();
  const detail = useDetailForm<PrestationRecord, PrestationFormValues>({
    queryKey: prestationQueryKey(id),
    fetch: () => fetchPrestation(id),
    enabled: prestationId !== null,
    toFormValues: prestationFormValuesOf,
  });
  const { form, reload } = detail;
  const prestation = detail.record;

  const actions = useDetailActions({
    detail,
    queryKey: prestationQueryKey(id),
    listPaths: [PRESTATION_LIST_PATH],
    otherKeys: () => (prestation ? [bpuTemplatePrestationsKey(prestation.bpu)] : []),
    schema: prestationUpdateSchema,
    // the template is fixed: it is shown, never sent
    payloadOf: ({ bpu: _bpu, ...values }: Partial<PrestationFormValues>) => values,
    update: (payload) => updatePrestation(id, payload),
    remove: () => deletePrestation(id),
  });

  return (
    <DetailPage
      title={prestation ? t('prestations.detailTitle', { name: prestation.code }) : t('prestations.one')}
      entity="prestation"
      listRoute={PRESTATION_LIST_ROUTE}
      loading={detail.loading}
      notFound={detail.missing}
      form={form}
      onSave={actions.save}
      onReload={reload}
      onDelete={actions.remove}
    >
      <Card>
        <Form
          name="prestation-detail"
          form={form}
          layout="horizontal"
          labelCol={{ span: 6 }}
          wrapperCol={{ span: 14 }}
          disabled={!editing}
          style={{ maxWidth: 900 }}
        >
          <PrestationFormFields creating={false} current={prestation} />
        </Form>
      </Card>
    </DetailPage>
  );
}
