// The face of the roles feature: what other features use of it.

/** The roles' names, offered by the user screens. */
export { useRoleNames } from './roles.api';
