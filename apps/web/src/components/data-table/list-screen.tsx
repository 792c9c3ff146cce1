import { PlusOutlined } from '@ant-design/icons';
import type { EntityCode } from '@isf/contract';
import { Button } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useAuth } from '../../lib/auth-store';
import { PageHeader } from '../page-header';
import { type DataColumn, DataTable } from './data-table';
import type { ListController } from './use-list-controller';

export type ListCreate = {
  entity: EntityCode;
  label: ReactNode;
  modal: (open: boolean, onClose: () => void) => ReactNode;
};

export type ListFrameProps = {
  title: ReactNode;
  /** Buttons shown before the create button (e.g. a link to a related list). */
  extra?: ReactNode;
  /** The create button, shown with the entity's create right, and the modal it opens. */
  create?: ListCreate;
  /** The list itself. */
  children: ReactNode;
};

/** The frame of a list screen: its title, the create button and modal when the right allows, the list. */
export function ListFrame({ title, extra, create, children }: ListFrameProps) {
  const { can } = useAuth();
  const [creating, setCreating] = useState(false);
  const canCreate = create !== undefined && can(create.entity, 'create');
  return (
    <section>
      <PageHeader
        title={title}
        extra={
          canCreate || extra ? (
            <>
              {extra}
              {canCreate ? (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                  {create.label}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      {children}
      {canCreate ? create.modal(creating, () => setCreating(false)) : null}
    </section>
  );
}

export type ListScreenProps<Row extends { id: Key }> = Omit<ListFrameProps, 'children'> & {
  controller: ListController<Row>;
  columns: DataColumn<Row>[];
  /** API path of the CSV export (relative to /api). */
  csvPath?: string;
};

/** A list screen: its title, the create button and modal when the right allows, and the table. */
export function ListScreen<Row extends { id: Key }>({ controller, columns, csvPath, ...frame }: ListScreenProps<Row>) {
  return (
    <ListFrame {...frame}>
      <DataTable controller={controller} columns={columns} csvPath={csvPath} />
    </ListFrame>
  );
}
