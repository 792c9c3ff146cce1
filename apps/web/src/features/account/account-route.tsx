import { lazyPage } from '../../lib/lazy-page';

/** The account page, its code loaded on the first visit (a chunk of its own). */
export const AccountPage = lazyPage(() => import('./account-page').then((module) => module.AccountPage));
