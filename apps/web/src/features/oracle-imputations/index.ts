// The face of the Oracle imputations feature: what the app uses of it.

/** The Oracle exchange screens, mounted by the app's router. */
export { oracleExchangeRoutes } from './oracle-exchange-routes';
