import { ExportOutlined } from '@ant-design/icons';
import { FILTER_DEBOUNCE_MS } from '@isf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeAndName } from '../../lib/code-and-name';
import { searchProjects } from './help.api';

type ProjectSelectProps = { id?: string; value?: number; onChange?: (value: number | undefined) => void };

/** The incident dialog's project picker: searches projects by name and can open the chosen one. */
export function ProjectSelect({ id, value, onChange }: ProjectSelectProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const projects = useQuery({
    queryKey: ['help', 'projects', search],
    queryFn: ({ signal }) => searchProjects(search, signal),
    placeholderData: keepPreviousData,
  });

  const options = (projects.data?.content ?? []).map((project) => ({
    value: project.id,
    label: codeAndName(project.code, project.name),
  }));

  return (
    <Space.Compact block>
      <Select<number>
        id={id}
        showSearch={{ filterOption: false, onSearch: setText }}
        allowClear
        value={value}
        onChange={(next) => onChange?.(next)}
        options={options}
        loading={projects.isFetching}
        placeholder={t('help.projectPlaceholder')}
      />
      {value !== undefined && (
        <Button
          href={`#/project/${value}`}
          target="_blank"
          rel="noreferrer"
          icon={<ExportOutlined />}
          title={t('help.openProject')}
          aria-label={t('help.openProject')}
        />
      )}
    </Space.Compact>
  );
}
