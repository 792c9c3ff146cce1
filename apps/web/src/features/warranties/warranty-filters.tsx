import { useQueries } from '@tanstack/react-query';
import { Checkbox, Form, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { codeAndName } from '../../lib/code-and-name';
import { type CriterionOption, CriterionSelect } from '../popups/criterion-select';
import type { Imputation } from '../projects/projects.api';
import type { WarrantyCriteriaValues } from './warranties.api';

type Chosen = { projects: CriterionOption[]; markets: CriterionOption[]; subprojects: CriterionOption[] };

/** The imputations of the chosen projects (an imputation belongs to one project). */
function useImputationChoices(projectIds: number[], enabled: boolean) {
  return useQueries({
    queries: projectIds.map((projectId) => ({
      queryKey: ['project', projectId, 'imputations'],
      queryFn: () => api.get<Imputation[]>(`/project/${projectId}/imputations`),
      enabled,
    })),
    combine: (results) =>
      results
        .flatMap((result) => result.data ?? [])
        .map((imputation) => ({
          value: imputation.id,
          label: codeAndName(imputation.eotp, imputation.description),
        })),
  });
}

/**
 * The criteria of the order warranties (spec 2): projects, markets, OSCAR sub-projects and imputations
 * (among the chosen projects'), hide the orders without RG (on by default) and those sent to the ERP.
 * A criterion is offered only with the read right on what it lists.
 */
export function WarrantyFilters({
  value,
  onChange,
}: {
  value: WarrantyCriteriaValues;
  onChange: (next: WarrantyCriteriaValues) => void;
}) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [chosen, setChosen] = useState<Chosen>({ projects: [], markets: [], subprojects: [] });
  const imputations = useImputationChoices(value.projects, can('imputation', 'read'));

  const pick = (key: keyof Chosen) => (options: CriterionOption[]) => {
    setChosen({ ...chosen, [key]: options });
    const ids = options.map((option) => option.value);
    if (key === 'projects') {
      // an imputation of a project no longer chosen would hide every order
      onChange({ ...value, projects: ids, imputations: ids.length === 0 ? [] : value.imputations });
    } else {
      onChange({ ...value, [key]: ids });
    }
  };

  const item = (label: string, control: ReactNode) => (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <div style={{ width: 240 }}>{control}</div>
    </Form.Item>
  );

  return (
    <Form layout="inline" style={{ rowGap: 8, marginBottom: 12 }}>
      {can('project', 'read')
        ? item(
            t('warranties.projects'),
            <CriterionSelect listPath="/projects" value={chosen.projects} onChange={pick('projects')} />,
          )
        : null}
      {can('subcontractor_market', 'read')
        ? item(t('warranties.markets'), <CriterionSelect listPath="/markets" value={chosen.markets} onChange={pick('markets')} />)
        : null}
      {can('project', 'read')
        ? item(
            t('warranties.subprojects'),
            <CriterionSelect listPath="/oscarsubprojects" value={chosen.subprojects} onChange={pick('subprojects')} />,
          )
        : null}
      {can('imputation', 'read')
        ? item(
            t('warranties.imputations'),
            <Select<number[]>
              mode="multiple"
              allowClear
              optionFilterProp="label"
              maxTagCount="responsive"
              disabled={value.projects.length === 0}
              placeholder={value.projects.length === 0 ? t('warranties.chooseProjectFirst') : undefined}
              options={imputations}
              value={value.imputations}
              onChange={(ids) => onChange({ ...value, imputations: ids })}
              style={{ width: '100%' }}
            />,
          )
        : null}
      <Form.Item style={{ marginBottom: 8 }}>
        <Checkbox checked={value.hideEmptyRg} onChange={(event) => onChange({ ...value, hideEmptyRg: event.target.checked })}>
          {t('warranties.hideEmptyRg')}
        </Checkbox>
      </Form.Item>
      <Form.Item style={{ marginBottom: 8 }}>
        <Checkbox checked={value.hideErp} onChange={(event) => onChange({ ...value, hideErp: event.target.checked })}>
          {t('warranties.hideErp')}
        </Checkbox>
      </Form.Item>
    </Form>
  );
}
