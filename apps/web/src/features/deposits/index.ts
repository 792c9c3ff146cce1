// The face of the deposits feature: what other features use of it.

/** A record's deposits, embedded by the order and market screens. */
export { DepositsBlock } from './deposits-block';
