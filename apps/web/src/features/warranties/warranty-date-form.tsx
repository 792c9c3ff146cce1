import { SaveOutlined } from '@ant-design/icons';
import { WARRANTY_DATE_TYPES, type WarrantyDateType } from '@isf/contract';
import { Button, Select, Space } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IsoDateInput } from '../../components/form/iso-date-input';
import { getFeedback } from '../../lib/feedback';
import { saveWarrantyDates, warrantyDatesPayload, warrantySaveDisabled } from './warranties.api';

/**
 * The date save of the warranty screen (spec 2, option serviceorders.edit_financial_info): which date
 * ('Date PV de réception' or 'Date libération de la RG'), the date, and Save for the selected orders;
 * Save is disabled with no date or no selection.
 */
export function WarrantyDateForm({ selectedKeys, onSaved }: { selectedKeys: readonly Key[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const [dateType, setDateType] = useState<WarrantyDateType>('deliveryDate');
  const [date, setDate] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      const reply = await saveWarrantyDates(warrantyDatesPayload(selectedKeys.map(Number), dateType, date));
      if (reply.success) {
        getFeedback().success(t('warranties.saved', { count: reply.count }));
        onSaved();
      }
    } catch {
      // the reply's message was shown by the global handler
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space wrap>
      <Select<WarrantyDateType>
        aria-label={t('warranties.dateType')}
        value={dateType}
        onChange={setDateType}
        options={WARRANTY_DATE_TYPES.map((type) => ({ value: type, label: t(`warranties.dateTypes.${type}`) }))}
        style={{ width: 230 }}
      />
      <IsoDateInput aria-label={t('warranties.date')} value={date} onChange={setDate} style={{ width: 170 }} />
      <Button
        type="primary"
        icon={<SaveOutlined />}
        loading={saving}
        disabled={warrantySaveDisabled(date, selectedKeys.length)}
        onClick={() => void save()}
      >
        {t('warranties.save')}
      </Button>
    </Space>
  );
}
