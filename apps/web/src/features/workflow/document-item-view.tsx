import { FileOutlined } from '@ant-design/icons';
import type { EntityCode, NodeTokenRow } from '@isf/contract';
import { Button } from 'antd';
import { EntityLink } from '../../components/entity-link';
import { downloadByFormPost } from '../../lib/api-client';
import type { WorkItemView } from './work-item-views';

/** The detail route of each record documents attach to. */
const OWNER_ROUTES: Record<string, { entity: EntityCode; path: (id: number) => string }> = {
  company: { entity: 'company', path: (id) => `/sst/company/${id}` },
  agency: { entity: 'agency', path: (id) => `/sst/agency/${id}` },
  project: { entity: 'project', path: (id) => `/project/${id}` },
};

function text(row: NodeTokenRow, key: string): string {
  const value = row[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function OwnerLink({ row }: { row: NodeTokenRow }) {
  const route = OWNER_ROUTES[text(row, 'ownerEntity')];
  const name = text(row, 'ownerName');
  const id = Number(row.ownerId);
  return route && Number.isInteger(id) ? (
    <EntityLink entity={route.entity} to={route.path(id)}>
      {name}
    </EntityLink>
  ) : (
    <span>{name}</span>
  );
}

/** Documents on a node: file (downloaded by form post), type and the record it belongs to. */
export const documentItemView: WorkItemView = {
  columns: (t) => [
    {
      key: 'filename',
      title: t('documents.filename'),
      width: 220,
      render: (row) => (
        <Button
          type="link"
          size="small"
          icon={<FileOutlined />}
          style={{ paddingInline: 0 }}
          title={t('documents.download', { name: text(row, 'filename') })}
          onClick={() => downloadByFormPost(`/document/${row.entityId}`, {})}
        >
          {text(row, 'filename')}
        </Button>
      ),
    },
    { key: 'typeName', title: t('documents.type'), width: 130 },
    { key: 'ownerName', title: t('workflow.node.owner'), width: 180, render: (row) => <OwnerLink row={row} /> },
  ],
};
