import type { EntityCode } from '@isf/contract';
import type { ReactNode } from 'react';

/** A screen of a business area: the router mounts it at its path and the access guard checks its entity. */
export type FeatureRoute = { path: string; entity: EntityCode | readonly EntityCode[]; element: ReactNode };
