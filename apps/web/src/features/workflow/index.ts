// The face of the workflow feature: what the app and other features use of it.

/** The All / My scope / My tasks filter of a list of work items. */
export { useWorkItemFilter, WorkItemFilter } from './work-item-filter';
/** The signed-in user's actions, read by the home page. */
export { fetchMyActions, MY_ACTIONS_QUERY_KEY } from './workflow.api';
/** The workflow screens, mounted by the app's router. */
export { workflowRoutes } from './workflow-routes';
