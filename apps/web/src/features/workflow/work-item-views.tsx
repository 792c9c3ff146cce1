import type { NodeTokenRow } from '@isf/contract';
import type { TFunction } from 'i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { attachmentItemView, marketItemView, orderItemView } from './business-item-views';
import { documentItemView } from './document-item-view';
import { envelopeItemView } from './envelope-item-view';

/**
 * How the node screen shows the items of one kind: its own columns (read from the token rows, which the
 * server's work item kind fills).
 */
export type WorkItemView = { columns: (t: TFunction) => DataColumn<NodeTokenRow>[] };

const VIEWS: Record<string, WorkItemView> = {
  document: documentItemView,
  envelope: envelopeItemView,
  order: orderItemView,
  attachement: attachmentItemView,
  subcontractor_market: marketItemView,
};

/** Any kind without a view of its own: the item's label. */
const genericView: WorkItemView = {
  columns: (t) => [{ key: 'label', title: t('workflow.node.item') }],
};

export function workItemView(entity: string): WorkItemView {
  return VIEWS[entity] ?? genericView;
}
