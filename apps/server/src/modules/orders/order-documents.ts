import { ORDER_DOCUMENT_DELETABLE_NODES, ORDER_DOCUMENT_DELETE_MESSAGE } from '@isf/contract';
import type { Database } from '../../db/client.js';
import { hasOption, type Principal } from '../../platform/principal.js';
import { tokenOfItem } from '../workflow/index.js';
import { ORDER_ENTITY } from './orders.lists.js';

/** Spec 2 §6: the order nodes where its documents may be deleted without the option. */
const DELETABLE_NODES = new Set(ORDER_DOCUMENT_DELETABLE_NODES);

/**
 * Documents of an order are deleted in any state with `serviceorders.deletion_after_validation`,
 * otherwise only in draft or pending CDP or subcontractor validation.
 */
export async function orderDocumentRemovalRefusal(db: Database, orderId: number, principal: Principal): Promise<string | null> {
  if (hasOption(principal, 'serviceorders.deletion_after_validation')) {
    return null;
  }
  const token = await tokenOfItem(db, ORDER_ENTITY, orderId);
  return token && !DELETABLE_NODES.has(token.node.nodeCode) ? ORDER_DOCUMENT_DELETE_MESSAGE : null;
}
