import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';
import { CONTRACT_TEMPLATES, PAYMENT_GUARANTEES } from './template-files.api';

const TemplateFilesPage = lazyPage(() => import('./template-files-page').then((module) => module.TemplateFilesPage));

/** Payment guarantees and contract templates (spec 2 §2). */
export const templateFileRoutes: FeatureRoute[] = [
  { path: '/paymentguarantees', entity: 'payment_guarantee', element: <TemplateFilesPage kind={PAYMENT_GUARANTEES} /> },
  { path: '/contracttemplates', entity: 'contract_template', element: <TemplateFilesPage kind={CONTRACT_TEMPLATES} /> },
];
