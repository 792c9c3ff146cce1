import { FILTER_DEBOUNCE_MS, type ListReply, toListWire } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { codeAndName } from '../../lib/code-and-name';

export type CriterionOption = { value: number; label: string };

type NamedRow = { id: number; name: string; code?: string };

const OPTION_COUNT = 50;

/**
 * A multiple choice among the rows of a list (roles, agencies, projects), searched by name on the server
 * as the user types.
 */
export function CriterionSelect(props: {
  id?: string;
  listPath: string;
  value: CriterionOption[];
  onChange: (value: CriterionOption[]) => void;
}) {
  const { id, listPath, value, onChange } = props;
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const options = useQuery({
    queryKey: ['popup-criterion', listPath, search],
    queryFn: ({ signal }) =>
      api.get<ListReply<NamedRow>>(listPath, {
        signal,
        query: toListWire({
          page: 0,
          size: OPTION_COUNT,
          sort: { column: 'name', direction: 'asc' },
          filters: search ? { name: search } : {},
        }),
      }),
    retry: false,
  });

  return (
    <Select<CriterionOption[]>
      id={id}
      mode="multiple"
      labelInValue
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      placeholder={t('popups.criteriaPlaceholder')}
      loading={options.isFetching}
      value={value}
      onChange={(next) => onChange(next.map((option) => ({ value: Number(option.value), label: String(option.label) })))}
      options={(options.data?.content ?? []).map((row) => ({
        value: row.id,
        label: codeAndName(row.code, row.name),
      }))}
      style={{ width: '100%' }}
    />
  );
}
