import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { type PrestationRecord, prestationUpdateSchema } from '@isf/contract';
import { Button, Form, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText, parseInFrench } from '../../components/form/schema-rules';
import { ApiError } from '../../lib/api-client';
import { getFeedback } from '../../lib/feedback';
import { deletePrestation, prestationFieldValuesOf, updatePrestation } from '../prestations';
import type { PrestationRowValues } from './prestation-row-values';
import { usePrestationRowCheck } from './use-prestation-row-check';

/**
 * The inline edit of a template's prestation rows: one row at a time, checked like a new row (any
 * empty field blocks it), saved with the prestation's version; a stale row is reloaded.
 */
export function usePrestationRowEdit(onChanged: () => void) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PrestationRowValues>();
  const check = usePrestationRowCheck(form);
  const [editing, setEditing] = useState<PrestationRecord | null>(null);
  const [saving, setSaving] = useState(false);

  const start = (row: PrestationRecord) => {
    form.resetFields();
    form.setFieldsValue(prestationFieldValuesOf(row));
    setEditing(row);
  };

  const save = async () => {
    const values = check();
    if (!editing || !values) {
      return;
    }
    const parsed = parseInFrench(prestationUpdateSchema, { ...values, version: editing.version });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      getFeedback().warning(issue ? issueText(issue, t) : t('validation.required'));
      return;
    }
    setSaving(true);
    try {
      const reply = await updatePrestation(editing.id, parsed.data);
      if (reply.success) {
        setEditing(null);
        onChanged();
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // The global handling said the row changed meanwhile: show the current one.
        setEditing(null);
        onChanged();
      } else if (!(error instanceof ApiError)) {
        console.error(error);
      }
    } finally {
      setSaving(false);
    }
  };

  const remove = async (row: PrestationRecord) => {
    if (!(await getFeedback().confirm({ content: t('confirm.delete') }))) {
      return;
    }
    try {
      const reply = await deletePrestation(row.id);
      if (reply.success) {
        onChanged();
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        getFeedback().warning(error.body?.error ?? t('error.inUse'));
      } else if (!(error instanceof ApiError)) {
        console.error(error);
      }
    }
  };

  return { form, editing, saving, start, save, cancel: () => setEditing(null), remove };
}

type PrestationRowActionsProps = {
  row: PrestationRecord;
  edit: ReturnType<typeof usePrestationRowEdit>;
  rights: { update: boolean; remove: boolean };
};

/** Edit and delete of a row; save and cancel while it is edited. */
export function PrestationRowActions({ row, edit, rights }: PrestationRowActionsProps) {
  const { t } = useTranslation();
  if (edit.editing?.id === row.id) {
    return (
      <Space size={4}>
        <Button
          size="small"
          type="primary"
          icon={<CheckOutlined />}
          loading={edit.saving}
          aria-label={t('bpuTemplates.saveRow', { code: row.code })}
          title={t('detail.save')}
          onClick={() => void edit.save()}
        />
        <Button
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('bpuTemplates.cancelRow', { code: row.code })}
          title={t('detail.cancel')}
          onClick={edit.cancel}
        />
      </Space>
    );
  }
  return (
    <Space size={4}>
      {rights.update ? (
        <Button
          size="small"
          icon={<EditOutlined />}
          disabled={edit.editing !== null}
          aria-label={t('bpuTemplates.editRow', { code: row.code })}
          title={t('detail.edit')}
          onClick={() => edit.start(row)}
        />
      ) : null}
      {rights.remove ? (
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          disabled={edit.editing !== null}
          aria-label={t('bpuTemplates.deleteRow', { code: row.code })}
          title={t('detail.delete')}
          onClick={() => void edit.remove(row)}
        />
      ) : null}
    </Space>
  );
}
