import type { EntityCode } from '@isf/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../lib/i18n';
import { EntityLink } from '../entity-link';
import type { DataColumn } from './data-table';

/**
 * Column makers shared by the business tables, so that a link to an entity, an amount and a workflow
 * step read and behave the same in every list.
 */

/** A text column shown as a link to an entity's detail (a grey restricted button without its read right). */
export function linkColumn<Row>(
  key: string,
  title: string,
  entity: EntityCode,
  href: (row: Row) => string,
  label: (row: Row) => ReactNode,
): DataColumn<Row> {
  return {
    key,
    title,
    render: (row) => (
      <EntityLink entity={entity} to={href(row)}>
        {label(row)}
      </EntityLink>
    ),
  };
}

/** An amount in euros, right-aligned and totalled in the summary row from the reply's `summary`. */
export function moneyColumn<Row>(key: string, title: string, value: (row: Row) => string | null): DataColumn<Row> {
  return {
    key,
    title,
    align: 'right',
    nullFilter: false,
    summary: true,
    render: (row) => formatMoney(value(row)),
    renderSummary: (total) => formatMoney(total),
  };
}

type StepRow = { nodeId: number | null; nodeName: string | null };

/** The item's workflow step, linked to its node screen (`/node/{id}`) when it has a token. */
export function workflowStepColumn<Row extends StepRow>(title: string): DataColumn<Row> {
  return {
    key: 'nodeName',
    title,
    render: (row) => (row.nodeId === null ? row.nodeName : <Link to={`/node/${row.nodeId}`}>{row.nodeName}</Link>),
  };
}
