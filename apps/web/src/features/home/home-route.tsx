import { lazyPage } from '../../lib/lazy-page';

/** The home page, its code loaded on the first visit (a chunk of its own). */
export const HomePage = lazyPage(() => import('./home-page').then((module) => module.HomePage));
