import { lazyPage } from '../../lib/lazy-page';

const OracleConfigurationListPage = lazyPage(() =>
  import('./oracle-configuration-list-page').then((module) => module.OracleConfigurationListPage),
);

/** The Oracle configurations' own list screen, in place of the generic reference list. */
export const oracleConfigurationListPages = { oracleconfigurations: <OracleConfigurationListPage /> };
