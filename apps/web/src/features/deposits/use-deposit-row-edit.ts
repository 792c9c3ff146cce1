import { DEPOSIT_FINANCIAL_OPTION, type DepositRow, depositEditRefusal, depositUpdateSchema } from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listQueryKey } from '../../components/data-table/use-list-controller';
import { fieldErrorsOf, parseInFrench, serverFieldErrors, showFieldErrors } from '../../components/form/schema-rules';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { DEPOSIT_LIST_PATH, DEPOSITS_KEY, updateDeposit } from './deposits.api';

/** The fields of a deposit's inline edit (the amount is decimal text, never a binary float). */
export type DepositEditValues = { reference: string; amount: string | null; reimbursementDate: string };

export type DepositRowEdit = {
  form: FormInstance<DepositEditValues>;
  editingId: number | null;
  saving: boolean;
  /** The profile may edit deposits at all: the update right and the financial option. */
  canEdit: boolean;
  /** Why this row cannot be edited (its retention type is not applicable); null when it can. */
  refusalOf: (row: Pick<DepositRow, 'depositType'>) => string | null;
  start: (row: DepositRow) => void;
  cancel: () => void;
  save: () => Promise<void>;
};

/**
 * The inline edit of a deposit row (spec 2 §5: amount required, 0 or more), shared by the deposits
 * list and the order and market blocks: one row at a time, checked with the contract's schema, then
 * every deposit query is refreshed.
 */
export function useDepositRowEdit(): DepositRowEdit {
  const { t } = useTranslation();
  const { can, hasOption } = useAuth();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DepositEditValues>();
  const [editing, setEditing] = useState<{ id: number; version: number } | null>(null);
  const [saving, setSaving] = useState(false);

  const canEdit = can('deposit', 'update') && hasOption(DEPOSIT_FINANCIAL_OPTION);
  const refusalOf = (row: Pick<DepositRow, 'depositType'>) =>
    depositEditRefusal({ hasFinancialOption: canEdit, depositType: row.depositType });

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: DEPOSITS_KEY }),
      queryClient.invalidateQueries({ queryKey: listQueryKey(DEPOSIT_LIST_PATH) }),
    ]);
  };

  const start = (row: DepositRow) => {
    form.resetFields();
    form.setFieldsValue({ reference: row.reference, amount: row.amount, reimbursementDate: row.reimbursementDate ?? '' });
    setEditing({ id: row.id, version: row.version });
  };

  const cancel = () => {
    form.resetFields();
    setEditing(null);
  };

  const save = async () => {
    if (!editing || saving) {
      return;
    }
    const values = form.getFieldsValue(true) as DepositEditValues;
    const parsed = parseInFrench(depositUpdateSchema, { ...values, version: editing.version });
    if (!parsed.success) {
      showFieldErrors(form, fieldErrorsOf(parsed.error.issues, t));
      return;
    }
    setSaving(true);
    try {
      const reply = await updateDeposit(editing.id, parsed.data);
      if (reply.success) {
        getFeedback().success(t('deposits.saved'));
        cancel();
        await refresh();
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        cancel();
        await refresh();
      } else {
        showFieldErrors(form, serverFieldErrors(error));
      }
    } finally {
      setSaving(false);
    }
  };

  return { form, editingId: editing?.id ?? null, saving, canEdit, refusalOf, start, cancel, save };
}
