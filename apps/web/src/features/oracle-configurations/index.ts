// The face of the Oracle configurations feature: what the app and other features use of it.

/** The Oracle configurations' list pages, mounted by the reference routes. */
export { oracleConfigurationListPages } from './oracle-configuration-routes';
/** The rename of a user from Oracle, offered by the user screen. */
export { RenameFromOracleButton } from './rename-from-oracle-button';
