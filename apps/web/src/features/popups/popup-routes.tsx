import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';
import { POPUPS_ROUTE } from '../../lib/routes';

const PopupEditorPage = lazyPage(() => import('./popup-editor-page').then((module) => module.PopupEditorPage));
const PopupListPage = lazyPage(() => import('./popup-list-page').then((module) => module.PopupListPage));

/** The popup management routes (spec 3 /popups-management), mounted by the shell's router. */
export const popupRoutes: FeatureRoute[] = [
  { path: POPUPS_ROUTE, entity: 'popup', element: <PopupListPage /> },
  { path: `${POPUPS_ROUTE}/new`, entity: 'popup', element: <PopupEditorPage creating /> },
  { path: `${POPUPS_ROUTE}/:id`, entity: 'popup', element: <PopupEditorPage /> },
];
