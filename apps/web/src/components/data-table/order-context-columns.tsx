import type { OrderContextFields } from '@isf/contract';
import type { TFunction } from 'i18next';
import { linkColumn } from './column-kinds';
import type { DataColumn } from './data-table';

/** What an order row and an attachment row both carry about the order (its project, client and ERP), and its ERP status. */
type OrderContextRow = OrderContextFields & { oracleStatus: string };

export type OrderContextOptions = {
  /** The FTTH active profile adds the Oscar sub-project, ArcGIS name, NRO and PM columns. */
  ftth: boolean;
  /** The order list shows the main client after the contract number; the attachment list does not. */
  withMainClient: boolean;
  /** The label of an ERP status (orders and attachments have their own wording). */
  oracleStatusLabel: (status: string) => string;
};

/**
 * The order columns shared by the order and attachment lists (spec 2 Order list, Attachment list), in the
 * spec's order: project, contract number, client market and order, the FTTH columns, eOTP imputation,
 * ERP project, task and status, follower.
 */
export function orderContextColumns<Row extends OrderContextRow>(
  t: TFunction,
  { ftth, withMainClient, oracleStatusLabel }: OrderContextOptions,
): DataColumn<Row>[] {
  const text = (key: string, title: string): DataColumn<Row> => ({ key, title: t(title) });
  const fibre = ftth
    ? [
        text('oscarSubProjectName', 'orderList.oscarSubProject'),
        text('arcgisName', 'orderList.arcgisName'),
        text('nroName', 'orderList.nroName'),
        text('offerIdPm', 'orderList.offerIdPm'),
      ]
    : [];
  return [
    linkColumn<Row>(
      'projectName',
      t('orderList.project'),
      'project',
      (row) => `/project/${row.projectId}`,
      (row) => row.projectName,
    ),
    text('contractNumber', 'orderList.contractNumber'),
    ...(withMainClient ? [text('mainClient', 'orderList.mainClient')] : []),
    text('clientMarket', 'orderList.clientMarket'),
    text('clientBdc', 'orderList.clientBdc'),
    ...fibre,
    text('imputationEotp', 'orderList.imputation'),
    text('oracleProjectName', 'orderList.oracleProject'),
    text('oracleTaskName', 'orderList.oracleTask'),
    {
      key: 'oracleStatus',
      title: t('orderList.oracleStatus'),
      nullFilter: false,
      render: (row) => oracleStatusLabel(row.oracleStatus),
    },
    text('followerName', 'orderList.follower'),
  ];
}
