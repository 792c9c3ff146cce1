import { marketCreateSchema } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/form-modal';
import { MARKET_LIST_PATH } from '../../lib/list-paths';
import { MARKET_DETAIL_ROUTE } from '../../lib/routes';
import { EMPTY_MARKET, MarketFormFields, type MarketFormValues, marketPayloadOf } from './market-form-fields';
import { createMarket } from './markets.api';

/** Creates a market, then opens it (spec 2 Market detail: "success goes to the market detail"). */
export function MarketCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MarketFormValues>();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('markets.createTitle')}
      form={form}
      initialValues={EMPTY_MARKET}
      schema={marketCreateSchema}
      toPayload={marketPayloadOf}
      submit={createMarket}
      listPath={MARKET_LIST_PATH}
      detailRoute={MARKET_DETAIL_ROUTE}
      width={720}
    >
      <MarketFormFields />
    </FormModal>
  );
}
