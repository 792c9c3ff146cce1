import type { WorkflowFilter } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterOptions } from './node-filter';
import { fetchMyActions, MY_ACTIONS_QUERY_KEY } from './workflow.api';

export type WorkItemFilterState = {
  /** Whether the "has my actions" flag is known: the list waits for it so it asks its first page once. */
  ready: boolean;
  hasMyActions: boolean;
  filter: WorkflowFilter;
  setFilter: (filter: WorkflowFilter) => void;
};

/**
 * The All / My scope / My tasks filter of a business list of work items (spec 1 §2, spec 2 Order list):
 * offered only with the "has my actions" flag, then My tasks by default; All otherwise.
 */
export function useWorkItemFilter(): WorkItemFilterState {
  const myActions = useQuery({ queryKey: MY_ACTIONS_QUERY_KEY, queryFn: fetchMyActions, staleTime: 0 });
  const [chosen, setChosen] = useState<WorkflowFilter | null>(null);
  const hasMyActions = myActions.data?.hasMyActions ?? false;
  return {
    ready: !myActions.isPending,
    hasMyActions,
    filter: hasMyActions ? (chosen ?? 'haveToDo') : 'all',
    setFilter: setChosen,
  };
}

/** The filter's buttons, shown only when the user has pending actions. */
export function WorkItemFilter({ state, workflowCode }: { state: WorkItemFilterState; workflowCode: string }) {
  const { t } = useTranslation();
  if (!state.hasMyActions) {
    return null;
  }
  return (
    <Segmented<WorkflowFilter>
      aria-label={t('workflow.filter.label')}
      options={filterOptions(workflowCode, true).map((value) => ({ value, label: t(`workflow.filter.${value}`) }))}
      value={state.filter}
      onChange={state.setFilter}
    />
  );
}
