import type { NodeTokenRow } from '@isf/contract';
import { EntityLink } from '../../components/entity-link';
import type { WorkItemView } from './work-item-views';

function text(row: NodeTokenRow, key: string): string {
  const value = row[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** Envelopes on a node: the envelope (opened in its contract's Envelopes tab), its contract number and agency. */
export const envelopeItemView: WorkItemView = {
  columns: (t) => [
    {
      key: 'envelopeName',
      title: t('envelopes.item'),
      render: (row) => (
        <EntityLink entity="envelope" to={`/sst/contract/${text(row, 'contractId')}?envelopeId=${row.entityId}`}>
          {text(row, 'envelopeName')}
        </EntityLink>
      ),
    },
    {
      key: 'contractNumber',
      title: t('contracts.contractNumber'),
      render: (row) => (
        <EntityLink entity="contract" to={`/sst/contract/${text(row, 'contractId')}`}>
          {text(row, 'contractNumber')}
        </EntityLink>
      ),
    },
    { key: 'agencyName', title: t('contracts.agency') },
  ],
};
