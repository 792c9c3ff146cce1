import type { WorkflowFilter, WorkflowFilterCounts } from '@isf/contract';

/** Node screens of these workflows always list every token (spec 1 §2: subcontractor markets). */
const ALWAYS_ALL_WORKFLOWS: ReadonlySet<string> = new Set(['subcontractor_market']);

/**
 * The filters a node screen offers (spec 1 §2): My tasks only with the "has my actions" flag; All alone
 * on subcontractor-market nodes.
 */
export function filterOptions(workflowCode: string, hasMyActions: boolean): WorkflowFilter[] {
  if (ALWAYS_ALL_WORKFLOWS.has(workflowCode)) {
    return ['all'];
  }
  return hasMyActions ? ['all', 'canDo', 'haveToDo'] : ['all', 'canDo'];
}

/**
 * The filter a node screen opens on: the one asked for in the address when offered; otherwise My tasks
 * when offered and the node holds some of the user's tasks; otherwise All.
 */
export function initialFilter(options: {
  workflowCode: string;
  hasMyActions: boolean;
  counts: WorkflowFilterCounts;
  requested?: string | null;
}): WorkflowFilter {
  const offered = filterOptions(options.workflowCode, options.hasMyActions);
  const requested = offered.find((filter) => filter === options.requested);
  if (requested) {
    return requested;
  }
  return offered.includes('haveToDo') && options.counts.haveToDo > 0 ? 'haveToDo' : 'all';
}
