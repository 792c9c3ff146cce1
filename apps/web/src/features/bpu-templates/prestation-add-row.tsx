import { PlusOutlined } from '@ant-design/icons';
import { prestationCreateSchema } from '@isf/contract';
import { Button, Form, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText, parseInFrench } from '../../components/form/schema-rules';
import { ApiError } from '../../lib/api-client';
import { getFeedback } from '../../lib/feedback';
import { createPrestation, EMPTY_PRESTATION_FIELDS } from '../prestations';
import { PrestationCellEditor } from './prestation-cell-editor';
import { PRESTATION_ROW_FIELDS, type PrestationRowValues } from './prestation-row-values';
import { usePrestationRowCheck } from './use-prestation-row-check';

type PrestationAddRowProps = { templateId: number; onCreated: () => void };

/**
 * The add-row editor under a template's prestations: one field per column; any empty field blocks the
 * creation with an alert (spec 3 §5); a created prestation empties the row.
 */
export function PrestationAddRow({ templateId, onCreated }: PrestationAddRowProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PrestationRowValues>();
  const check = usePrestationRowCheck(form);
  const [sending, setSending] = useState(false);

  const add = async () => {
    const values = check();
    if (!values) {
      return;
    }
    const parsed = parseInFrench(prestationCreateSchema, { bpu: templateId, ...values });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      getFeedback().warning(issue ? issueText(issue, t) : t('validation.required'));
      return;
    }
    setSending(true);
    try {
      const reply = await createPrestation(parsed.data);
      if (reply.success) {
        form.resetFields();
        getFeedback().success(t('bpuTemplates.prestationAdded'));
        onCreated();
      }
    } catch (error) {
      // The global handling has shown the refusal (a code already in the template, ...).
      if (!(error instanceof ApiError)) {
        console.error(error);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Form form={form} name="new-prestation" component={false} initialValues={EMPTY_PRESTATION_FIELDS}>
      <Table.Summary.Row className="isf-add-row">
        {PRESTATION_ROW_FIELDS.map((field, index) => (
          <Table.Summary.Cell key={field} index={index}>
            <PrestationCellEditor field={field} />
          </Table.Summary.Cell>
        ))}
        <Table.Summary.Cell index={PRESTATION_ROW_FIELDS.length}>
          <Button size="small" type="primary" icon={<PlusOutlined />} loading={sending} onClick={() => void add()}>
            {t('bpuTemplates.addPrestation')}
          </Button>
        </Table.Summary.Cell>
      </Table.Summary.Row>
    </Form>
  );
}
