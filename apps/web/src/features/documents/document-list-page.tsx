import type { DocumentListRow } from '@isf/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { formatFileSize } from '../../components/document-manager/file-size';
import { PageHeader } from '../../components/page-header';
import { formatIsoDate } from '../../lib/i18n';
import { DOCUMENT_DETAIL_ROUTE } from '../../lib/routes';
import { DocumentOwnerLink } from './document-owner-link';
import { DOCUMENT_LIST_PATH } from './documents-screen.api';

/** The documents screen (spec 2 /documents): every document of every record the profile sees. */
export function DocumentListPage() {
  const { t } = useTranslation();
  const controller = useListController<DocumentListRow>({ listName: 'documents', path: DOCUMENT_LIST_PATH });
  const columns = useMemo<DataColumn<DocumentListRow>[]>(
    () => [
      { key: 'id', title: t('fields.id'), width: 80, nullFilter: false },
      {
        key: 'filename',
        title: t('documents.filename'),
        render: (row) => <Link to={`${DOCUMENT_DETAIL_ROUTE}/${row.id}`}>{row.filename}</Link>,
      },
      { key: 'typeName', title: t('documentsScreen.type') },
      {
        key: 'ownerName',
        title: t('documentsScreen.owner'),
        sortable: false,
        render: (row) => (
          <DocumentOwnerLink entity={row.entity} entityId={row.entityId} name={row.ownerName} parentId={row.ownerParentId} />
        ),
      },
      { key: 'comment', title: t('documents.comment') },
      { key: 'statusWF', title: t('documentsScreen.status') },
      { key: 'size', title: t('documents.size'), align: 'right', render: (row) => formatFileSize(row.size, t) },
      { key: 'createdAt', title: t('documents.createdAt'), render: (row) => formatIsoDate(row.createdAt) },
    ],
    [t],
  );
  return (
    <section>
      <PageHeader title={t('documentsScreen.title')} />
      <DataTable controller={controller} columns={columns} />
    </section>
  );
}
