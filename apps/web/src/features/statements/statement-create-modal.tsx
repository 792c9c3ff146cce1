import { STATEMENT_MARKET_REQUIRED_MESSAGE, type StatementCreateInput, statementCreateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { TrimmedInput } from '../../components/form/trimmed-input';
import type { PickerValue } from '../../components/picker/picker';
import { MarketPickerItem } from '../../components/pickers/market-picker-item';
import { MARKET_LIST_PATH } from '../../lib/list-paths';
import { STATEMENT_DETAIL_ROUTE } from '../../lib/routes';
import { createStatement, STATEMENT_LIST_PATH } from './statements.api';

type Values = { market: PickerValue | null; sap?: string };

/**
 * Creates a monthly statement (spec 2 Monthly statement list, §5, §7): the market (required) and the SAP
 * reference; the server dates it today; then the new statement opens.
 */
export function StatementCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <FormModal<Values, StatementCreateInput>
      open={open}
      onClose={onClose}
      title={t('statements.createTitle')}
      form={form}
      initialValues={{ market: null, sap: '' }}
      schema={statementCreateSchema}
      toPayload={(values) => ({ market: values.market?.id ?? null, sap: values.sap })}
      submit={createStatement}
      listPath={STATEMENT_LIST_PATH}
      detailRoute={STATEMENT_DETAIL_ROUTE}
      width={640}
    >
      <MarketPickerItem
        label={t('statements.market')}
        listPath={MARKET_LIST_PATH}
        listName="picker.statement.markets"
        requiredMessage={STATEMENT_MARKET_REQUIRED_MESSAGE}
      />
      <Form.Item name="sap" label={t('statements.sapReference')}>
        <TrimmedInput maxLength={100} />
      </Form.Item>
    </FormModal>
  );
}
