import { type ResourceDefinition, resourceUpdateSchema } from '@isf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Form } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { listQueryKey } from '../../components/data-table/use-list-controller';
import { DetailPage } from '../../components/detail-page/detail-page';
import { fieldErrorsOf, parseInFrench, showFieldErrors } from '../../components/form/schema-rules';
import { ApiError } from '../../lib/api-client';
import { useEditMode } from '../../lib/edit-mode';
import { deleteRecord, fetchRecord, formValuesOf, recordQueryKey, updateRecord } from './reference.api';
import { ReferenceFormFields } from './reference-form-fields';

/** The detail screen of a reference resource: its fields, edit / save / cancel and delete. */
export function ReferenceDetailPage({ definition }: { definition: ResourceDefinition }) {
  const { t } = useTranslation();
  const params = useParams();
  const recordId = Number(params.id);
  const validId = Number.isInteger(recordId) && recordId > 0;
  const queryClient = useQueryClient();
  const editing = useEditMode();
  const [form] = Form.useForm<Record<string, string>>();
  const schema = useMemo(() => resourceUpdateSchema(definition), [definition]);
  const key = recordQueryKey(definition, recordId);

  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchRecord(definition, recordId),
    enabled: validId,
    retry: false,
  });
  const record = query.data;

  useEffect(() => {
    if (record) {
      form.setFieldsValue(formValuesOf(definition, record));
    }
  }, [record, form, definition]);

  const reload = async () => {
    const result = await query.refetch();
    form.resetFields();
    if (result.data) {
      form.setFieldsValue(formValuesOf(definition, result.data));
    }
  };

  const save = async () => {
    const parsed = parseInFrench(schema, { ...form.getFieldsValue(), version: record?.version });
    if (!parsed.success) {
      showFieldErrors(form, fieldErrorsOf(parsed.error.issues, t));
      return false;
    }
    const reply = await updateRecord(definition, recordId, parsed.data);
    if (!reply.success) {
      return false;
    }
    void queryClient.invalidateQueries({ queryKey: listQueryKey(definition.api.list) });
    if (reply.record) {
      queryClient.setQueryData(key, reply.record);
      form.setFieldsValue(formValuesOf(definition, reply.record));
    } else {
      await reload();
    }
    return true;
  };

  const remove = async () => {
    const reply = await deleteRecord(definition, recordId);
    if (reply.success) {
      queryClient.removeQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: listQueryKey(definition.api.list) });
    }
    return reply.success;
  };

  const one = t(`${definition.i18nKey}.one`);
  const name = record?.name;
  const notFound = !validId || (query.error instanceof ApiError && query.error.status === 404);

  return (
    <DetailPage
      title={typeof name === 'string' && name !== '' ? t('reference.detailTitle', { name: one, label: name }) : one}
      entity={definition.entity}
      listRoute={definition.routes.list}
      loading={query.isLoading}
      notFound={notFound}
      form={form}
      onSave={save}
      onReload={reload}
      onDelete={definition.deletable ? remove : undefined}
    >
      <Card>
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ span: 6 }}
          wrapperCol={{ span: 14 }}
          disabled={!editing}
          style={{ maxWidth: 900 }}
        >
          <ReferenceFormFields fields={definition.fields} shape={schema.shape} />
        </Form>
      </Card>
    </DetailPage>
  );
}
