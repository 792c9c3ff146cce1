import { type EntityCode, RESOURCE_LIST, type ResourceKey } from '@isf/contract';
import type { ReactNode } from 'react';
import { lazyPage } from '../../app/lazy-page';

const OracleConfigurationListPage = lazyPage(() =>
  import('../oracle-configurations/oracle-configuration-list-page').then((module) => module.OracleConfigurationListPage),
);
const ReferenceDetailPage = lazyPage(() => import('./reference-detail-page').then((module) => module.ReferenceDetailPage));
const ReferenceListPage = lazyPage(() => import('./reference-list-page').then((module) => module.ReferenceListPage));

/** Resources whose list screen adds its own actions around the generic list. */
const OWN_LIST_PAGES: Partial<Record<ResourceKey, ReactNode>> = {
  oracleconfigurations: <OracleConfigurationListPage />,
};

/** The list and detail routes of every declared reference resource, mounted by the shell's router. */
export const referenceRoutes: { path: string; entity: EntityCode; element: ReactNode }[] = RESOURCE_LIST.flatMap((definition) => [
  {
    path: definition.routes.list,
    entity: definition.entity,
    element: OWN_LIST_PAGES[definition.key] ?? <ReferenceListPage key={definition.key} definition={definition} />,
  },
  {
    path: `${definition.routes.detail}/:id`,
    entity: definition.entity,
    element: <ReferenceDetailPage key={definition.key} definition={definition} />,
  },
]);
