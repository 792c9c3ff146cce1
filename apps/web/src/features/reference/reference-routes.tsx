import { RESOURCE_LIST, type ResourceKey } from '@isf/contract';
import type { ReactNode } from 'react';
import type { FeatureRoute } from '../../lib/feature-route';
import { lazyPage } from '../../lib/lazy-page';

const ReferenceDetailPage = lazyPage(() => import('./reference-detail-page').then((module) => module.ReferenceDetailPage));
const ReferenceListPage = lazyPage(() => import('./reference-list-page').then((module) => module.ReferenceListPage));

/** Resources whose list screen adds its own actions around the generic list, given by their own feature. */
export type OwnListPages = Partial<Record<ResourceKey, ReactNode>>;

/** The list and detail routes of every declared reference resource, mounted by the shell's router. */
export function referenceRoutesWith(ownListPages: OwnListPages): FeatureRoute[] {
  return RESOURCE_LIST.flatMap((definition) => [
    {
      path: definition.routes.list,
      entity: definition.entity,
      element: ownListPages[definition.key] ?? <ReferenceListPage key={definition.key} definition={definition} />,
    },
    {
      path: `${definition.routes.detail}/:id`,
      entity: definition.entity,
      element: <ReferenceDetailPage key={definition.key} definition={definition} />,
    },
  ]);
}

/** The reference routes with the generic list screens only. */
export const referenceRoutes: FeatureRoute[] = referenceRoutesWith({});
