import { useTranslation } from 'react-i18next';
import { Picker, type PickerValue } from '../../components/picker/picker';
import { codeAndName } from '../../lib/code-and-name';

type AvailableOracleProject = {
  id: number;
  number: string;
  name: string;
  businessUnitName: string | null;
  status: string | null;
};

/** Picks one of the Oracle projects a project may attach (unattached, of its business unit). */
export function OracleProjectPicker(props: {
  projectId: number;
  value: PickerValue | null;
  onChange: (value: PickerValue | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Picker<AvailableOracleProject>
      value={props.value}
      onChange={props.onChange}
      entity="oracle_project"
      listPath={`/project/${props.projectId}/oracleprojects/available`}
      listName="picker.oracleprojects.available"
      title={t('erpProjects.oracleProject')}
      defaultSort={{ column: 'number', direction: 'asc' }}
      columns={[
        { key: 'number', title: t('erpProjects.number') },
        { key: 'name', title: t('fields.name') },
        { key: 'businessUnitName', title: t('erpProjects.businessUnit') },
        { key: 'status', title: t('erpProjects.status') },
      ]}
      toValue={(row) => ({ id: row.id, label: codeAndName(row.number, row.name) })}
    />
  );
}
