// The face of the deposits feature: what the app and other features use of it.

/** The deposit screens, mounted by the app's router. */
export { depositRoutes } from './deposit-routes';
/** A record's deposits, embedded by the order and market screens. */
export { DepositsBlock } from './deposits-block';
