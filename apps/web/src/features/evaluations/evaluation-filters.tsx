import { EVALUATION_DEFAULT_MAX, EVALUATION_DEFAULT_MIN, EVALUATION_DEFAULT_START_DATE } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Select, Slider } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import type { EvaluationQuery } from './evaluations.api';

export type FilterValues = {
  dates: [Dayjs, Dayjs];
  rating: [number, number];
  companies: number[];
  agencies: number[];
  projects: number[];
  markets: number[];
};

/** Spec 3 §9: from 2000-01-01 to tomorrow, ratings 0 to 10. */
export function defaultFilters(): FilterValues {
  return {
    dates: [dayjs(EVALUATION_DEFAULT_START_DATE), dayjs().add(1, 'day')],
    rating: [EVALUATION_DEFAULT_MIN, EVALUATION_DEFAULT_MAX],
    companies: [],
    agencies: [],
    projects: [],
    markets: [],
  };
}

export function toQuery(values: FilterValues): EvaluationQuery {
  const ids = (list: number[]) => (list.length > 0 ? list.join(',') : undefined);
  return {
    start_date: values.dates[0].format('YYYY-MM-DD'),
    end_date: values.dates[1].format('YYYY-MM-DD'),
    min: String(values.rating[0]),
    max: String(values.rating[1]),
    companies: ids(values.companies),
    agencies: ids(values.agencies),
    projects: ids(values.projects),
    markets: ids(values.markets),
  };
}

type Named = { id: number; name: string };

/** The choices of one filter: the first 200 records of a list the profile may read. */
function useChoices(path: string, enabled: boolean) {
  return useQuery({
    queryKey: ['evaluation-filter', path],
    queryFn: () => api.get<{ content: Named[] }>(path, { query: { page: 0, size: 200, sort: 'name,asc' } }),
    enabled,
    select: (reply) => reply.content.map((row) => ({ value: row.id, label: row.name })),
  });
}

/**
 * The dashboard filters (spec 3): companies, agencies, projects, subcontractor markets, rating range
 * and rating dates. Contracts are not offered until the contract screens exist (the API takes them).
 */
export function EvaluationFilters({ onApply }: { onApply: (values: FilterValues) => void }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [form] = Form.useForm<FilterValues>();
  const companies = useChoices('/companies', can('company', 'read'));
  const agencies = useChoices('/agencies', can('agency', 'read'));
  const projects = useChoices('/projects', can('project', 'read'));
  const markets = useChoices('/markets', can('subcontractor_market', 'read'));
  const select = (name: keyof FilterValues, label: string, choices: typeof companies) => (
    <Form.Item name={name} label={label} style={{ minWidth: 200 }}>
      <Select
        mode="multiple"
        allowClear
        optionFilterProp="label"
        options={choices.data ?? []}
        disabled={!choices.data}
        maxTagCount="responsive"
        placeholder={t('evaluations.all')}
      />
    </Form.Item>
  );
  return (
    <Form form={form} layout="inline" initialValues={defaultFilters()} onFinish={onApply} style={{ rowGap: 8, marginBottom: 16 }}>
      {select('companies', t('evaluations.companies'), companies)}
      {select('agencies', t('evaluations.agencies'), agencies)}
      {select('projects', t('evaluations.projects'), projects)}
      {select('markets', t('evaluations.markets'), markets)}
      <Form.Item name="rating" label={t('evaluations.ratingRange')} style={{ minWidth: 220 }}>
        <Slider range min={EVALUATION_DEFAULT_MIN} max={EVALUATION_DEFAULT_MAX} step={0.5} />
      </Form.Item>
      <Form.Item name="dates" label={t('evaluations.dateRange')}>
        <DatePicker.RangePicker format="DD/MM/YYYY" allowClear={false} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('evaluations.apply')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          onClick={() => {
            form.setFieldsValue(defaultFilters());
            onApply(defaultFilters());
          }}
        >
          {t('evaluations.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
