// The face of the roles feature: what the app and other features use of it.

/** The role screens, mounted by the app's router. */
export { roleRoutes } from './role-routes';
/** The roles' names, offered by the user screens. */
export { useRoleNames } from './roles.api';
