import type { MarketRow } from '@isf/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { MARKET_ACTIVE_PATH } from '../../lib/list-paths';
import { MARKET_DETAIL_ROUTE } from '../../lib/routes';
import { Picker, type PickerValue } from '../picker/picker';

/**
 * The required market of a creation form (BPU, orders), chosen among the active markets; `onPicked`
 * hears the user's choice (an order clears what depended on the previous market). A monthly statement
 * chooses among all markets (`listPath`, `listName`), under its own label and required message.
 */
export function MarketPickerItem({
  name = 'market',
  onPicked,
  label,
  listPath = MARKET_ACTIVE_PATH,
  listName = 'picker.markets',
  requiredMessage,
}: {
  name?: string;
  onPicked?: (value: PickerValue | null) => void;
  label?: string;
  listPath?: string;
  listName?: string;
  requiredMessage?: string;
}) {
  const { t } = useTranslation();
  const title = label ?? t('markets.one');
  return (
    <Form.Item
      name={name}
      label={title}
      required
      rules={[
        {
          validator: async (_rule, value: PickerValue | null | undefined) => {
            if (!value) {
              throw new Error(requiredMessage ?? t('validation.selectItem'));
            }
          },
        },
      ]}
    >
      <Picker<MarketRow>
        entity="subcontractor_market"
        listPath={listPath}
        listName={listName}
        title={title}
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
