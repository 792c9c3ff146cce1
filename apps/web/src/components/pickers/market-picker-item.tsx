import type { MarketRow } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { MARKET_ACTIVE_PATH } from '../../lib/list-paths';
import { MARKET_DETAIL_ROUTE } from '../../lib/routes';
import { Picker, type PickerValue } from '../picker/picker';

/**
 * The required market of a creation form (BPU, orders), chosen among the active markets; `onPicked`
 * hears the user's choice (an order clears what depended on the previous market).
 */
export function MarketPickerItem({
  name = 'market',
  onPicked,
}: {
  name?: string;
  onPicked?: (value: PickerValue | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t('markets.one')}
      required
      rules={[
        {
          validator: async (_rule, value: PickerValue | null | undefined) => {
            if (!value) {
              throw new Error(t('validation.selectItem'));
            }
          },
        },
      ]}
    >
      <Picker<MarketRow>
        entity="subcontractor_market"
        listPath={MARKET_ACTIVE_PATH}
        listName="picker.markets"
        title={t('markets.one')}
        required
        detailRoute={MARKET_DETAIL_ROUTE}
        columns={[
          { key: 'edifice', title: t('markets.edifice') },
          { key: 'agencyName', title: t('markets.agency') },
          { key: 'projectName', title: t('markets.project') },
        ]}
        toValue={(row) => ({ id: row.id, label: row.edifice })}
        onChange={onPicked}
      />
    </Form.Item>
  );
}
