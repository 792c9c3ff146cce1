import type { EntityCode, RightAction } from '@isf/contract';
import type { ReactNode } from 'react';
import type { DetailTab } from '../detail-page/detail-page';
import { DocumentManager } from './document-manager';
import type { DocumentOwnerEntity } from './documents.api';

export type DocumentsTabOptions = {
  /** The owner, whose update right lets its documents be deleted unless `canDelete` says otherwise. */
  entity: DocumentOwnerEntity;
  id: number;
  label: ReactNode;
  /** The profile's rights check (`useAuth().can`). */
  can: (entity: EntityCode, action: RightAction) => boolean;
  /** The owner's own delete rule (an order's or an attachment's, by its workflow state), in place of its update right. */
  canDelete?: boolean;
};

/**
 * The Documents tab of a record's detail screen, to spread among its tabs: the record's documents with the
 * document read right, none without it.
 */
export function documentsTabs({ entity, id, label, can, canDelete }: DocumentsTabOptions): DetailTab[] {
  if (!can('document', 'read')) {
    return [];
  }
  return [
    {
      key: 'documents',
      label,
      children: <DocumentManager entity={entity} entityId={id} canDelete={canDelete ?? can(entity, 'update')} />,
    },
  ];
}
