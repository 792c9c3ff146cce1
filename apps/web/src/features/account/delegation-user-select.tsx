import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDelegationUsers } from './account.api';

const SEARCH_DELAY_MS = 300;

type DelegationUserSelectProps = {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  allowClear?: boolean;
};

/** A person to delegate to (or for), searched by name or login among the active main profiles. */
export function DelegationUserSelect({ id, value, onChange, placeholder, allowClear }: DelegationUserSelectProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const users = useDelegationUsers(search);
  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear={allowClear}
      placeholder={placeholder ?? t('account.delegations.searchUser')}
      loading={users.isFetching}
      notFoundContent={t('table.noData')}
      options={(users.data ?? []).map((user) => ({ value: user.id, label: `${user.name} (${user.uid})` }))}
    />
  );
}
