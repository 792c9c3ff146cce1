import { DeleteOutlined } from '@ant-design/icons';
import type { ListFilters } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/data-table/data-table';
import { TableCard } from '../../components/data-table/table-card';
import { EntityLink } from '../../components/entity-link';
import { PickerModal } from '../../components/picker/picker-modal';
import { ApiError } from '../../lib/api-client';
import { useEditMode } from '../../lib/edit-mode';
import { getFeedback } from '../../lib/feedback';
import { ORDER_DETAIL_ROUTE } from '../../lib/routes';
import { attachmentReferenceColumn } from '../attachments';
import { confirmAndRun } from './statement-action';

/** An attachment as a statement's panels show it: linked to its detail and to its order. */
type AttachmentItem = { id: number; reference: string; orderId: number; orderReference: string };

export type StatementItemsPanelProps<Row extends AttachmentItem, Candidate extends { id: number }> = {
  title: string;
  emptyText: string;
  /** The query of the rows and how to fetch them. */
  queryKey: readonly unknown[];
  fetchRows: () => Promise<Row[]>;
  /** Columns shown after the attachment and its order. */
  columns: TableColumnsType<Row>;
  /** The Add button and its picker, when `canAdd`. */
  canAdd: boolean;
  addLabel: string;
  picker: { listName: string; listPath: string; fixedFilters?: Readonly<ListFilters>; columns: DataColumn<Candidate>[] };
  add: (ids: number[]) => Promise<unknown>;
  /** The Remove button of each row, when `canRemove`, after the confirmation `removeConfirmation`. */
  canRemove: boolean;
  removeLabel: (row: Row) => string;
  removeConfirmation: string;
  remove: (row: Row) => Promise<unknown>;
  /** After a row is added or removed (the statement's figures change). */
  onChanged: () => void;
};

/**
 * A panel of attachments held by a statement (the attachments it invoices, the RG it releases): the
 * table, Add through a picker of eligible attachments (a refusal shown as a warning), Remove after a
 * confirmation; both disabled while the page is in edit mode.
 */
export function StatementItemsPanel<Row extends AttachmentItem, Candidate extends { id: number }>(
  props: StatementItemsPanelProps<Row, Candidate>,
) {
  const { t } = useTranslation();
  const editing = useEditMode();
  const [picking, setPicking] = useState(false);
  const rows = useQuery({ queryKey: props.queryKey, queryFn: props.fetchRows });
  const refresh = () => {
    void rows.refetch();
    props.onChanged();
  };

  const add = async (candidate: Candidate) => {
    setPicking(false);
    try {
      await props.add([candidate.id]);
      refresh();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 422 || error.status === 400)) {
        getFeedback().warning(error.body?.detail ?? error.body?.error ?? error.message);
      } else {
        throw error;
      }
    }
  };

  const remove = async (row: Row) => {
    if (await confirmAndRun(props.removeConfirmation, () => props.remove(row))) {
      refresh();
    }
  };

  const columns: TableColumnsType<Row> = [
    attachmentReferenceColumn<Row>(t),
    {
      key: 'order',
      title: t('attachmentList.order'),
      render: (_value, row) => (
        <EntityLink entity="order" to={`${ORDER_DETAIL_ROUTE}/${row.orderId}`}>
          {row.orderReference}
        </EntityLink>
      ),
    },
    ...props.columns,
    ...(props.canRemove
      ? [
          {
            key: 'remove',
            width: 56,
            render: (_value: unknown, row: Row) => (
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={editing}
                aria-label={props.removeLabel(row)}
                onClick={() => void remove(row)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <TableCard<Row>
      title={props.title}
      style={{ marginTop: 16 }}
      columns={columns}
      rows={rows.data}
      loading={rows.isLoading}
      emptyText={props.emptyText}
      add={props.canAdd ? { label: props.addLabel, disabled: editing, onClick: () => setPicking(true) } : null}
    >
      {picking ? (
        <PickerModal<Candidate>
          title={props.addLabel}
          listName={props.picker.listName}
          listPath={props.picker.listPath}
          fixedFilters={props.picker.fixedFilters}
          columns={props.picker.columns}
          onPick={(candidate) => void add(candidate)}
          onCancel={() => setPicking(false)}
        />
      ) : null}
    </TableCard>
  );
}
