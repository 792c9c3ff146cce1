import { PlusOutlined } from '@ant-design/icons';
import type { EntityCode } from '@isf/contract';
import { Button } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useAuth } from '../../lib/auth-store';
import { PageHeader } from '../page-header';
import { type DataColumn, DataTable } from './data-table';
import type { ListController } from './use-list-controller';

export type ListScreenProps<Row extends { id: Key }> = {
  title: ReactNode;
  controller: ListController<Row>;
  columns: DataColumn<Row>[];
  /** API path of the CSV export (relative to /api). */
  csvPath?: string;
  /** Buttons shown before the create button (e.g. a link to a related list). */
  extra?: ReactNode;
  /** The create button, shown with the entity's create right, and the modal it opens. */
  create?: {
    entity: EntityCode;
    label: ReactNode;
    modal: (open: boolean, onClose: () => void) => ReactNode;
  };
};

/** A list screen: its title, the create button and modal when the right allows, and the table. */
export function ListScreen<Row extends { id: Key }>(props: ListScreenProps<Row>) {
  const { title, controller, columns, csvPath, extra, create } = props;
  const { can } = useAuth();
  const [creating, setCreating] = useState(false);
  const canCreate = create !== undefined && can(create.entity, 'create');
  return (
    <section>
      <PageHeader
        title={title}
        extra={
          <>
            {extra}
            {canCreate ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {create.label}
              </Button>
            ) : null}
          </>
        }
      />
      <DataTable controller={controller} columns={columns} csvPath={csvPath} />
      {canCreate ? create.modal(creating, () => setCreating(false)) : null}
    </section>
  );
}
