import type { AgencyRow } from '@isf/contract';
import { useTranslation } from 'react-i18next';
import { Picker, type PickerValue } from '../picker/picker';

export type AgencyPickerProps = {
  id?: string;
  value?: PickerValue | null;
  onChange?: (value: PickerValue | null) => void;
  /** The modal's title (the form item's label). */
  title: string;
  required?: boolean;
};

/** An agency picker (market, contract): chosen from the agency list by name and company. */
export function AgencyPicker({ title, required, ...field }: AgencyPickerProps) {
  const { t } = useTranslation();
  return (
    <Picker<AgencyRow>
      {...field}
      entity="agency"
      listPath="/agencies"
      listName="picker.agencies"
      title={title}
      required={required}
      detailRoute="/sst/agency"
      columns={[
        { key: 'name', title: t('fields.name') },
        { key: 'companyName', title: t('markets.company') },
      ]}
      toValue={(row) => ({ id: row.id, label: row.name })}
    />
  );
}
