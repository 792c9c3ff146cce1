import { type ResourceDefinition, type ResourceRecord, resourceUpdateSchema } from '@isf/contract';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailForm } from '../../components/detail-page/detail-form';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailScreen } from '../../components/detail-page/use-detail-screen';
import { deleteRecord, fetchRecord, formValuesOf, recordQueryKey, updateRecord } from './reference.api';
import { ReferenceFormFields } from './reference-form-fields';

/** The detail screen of a reference resource: its fields, edit / save / cancel and delete. */
export function ReferenceDetailPage({ definition }: { definition: ResourceDefinition }) {
  const { t } = useTranslation();
  const schema = useMemo(() => resourceUpdateSchema(definition), [definition]);
  const toFormValues = useCallback((record: ResourceRecord) => formValuesOf(definition, record), [definition]);
  const screen = useDetailScreen({
    queryKey: (id) => recordQueryKey(definition, id),
    fetch: (id) => fetchRecord(definition, id),
    toFormValues,
    listPaths: [definition.api.list],
    schema,
    update: (id, payload) => updateRecord(definition, id, payload),
    remove: definition.deletable ? (id) => deleteRecord(definition, id) : undefined,
  });

  const one = t(`${definition.i18nKey}.one`);
  const name = screen.record?.name;

  return (
    <DetailPage
      title={typeof name === 'string' && name !== '' ? t('reference.detailTitle', { name: one, label: name }) : one}
      entity={definition.entity}
      listRoute={definition.routes.list}
      {...screen.page}
    >
      <DetailForm form={screen.form}>
        <ReferenceFormFields fields={definition.fields} shape={schema.shape} />
      </DetailForm>
    </DetailPage>
  );
}
