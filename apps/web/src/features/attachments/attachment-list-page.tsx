import type { WorkflowFilter } from '@isf/contract';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/data-table';
import { ListFrame } from '../../components/data-table/list-screen';
import { useListController } from '../../components/data-table/use-list-controller';
import { useAuth } from '../../lib/auth-store';
import { ATTACHMENT_LIST_PATH } from '../../lib/list-paths';
import { useWorkItemFilter, WorkItemFilter } from '../workflow';
import { useAttachmentColumns } from './attachment-columns';
import { AttachmentCreateModal } from './attachment-create-modal';
import { ATTACHMENT_CSV_PATH, ATTACHMENT_WORKFLOW_CODE, type AttachmentListRow } from './attachments.api';

function AttachmentTable({ filter, toolbar }: { filter: WorkflowFilter; toolbar: ReactNode }) {
  const { profile } = useAuth();
  const controller = useListController<AttachmentListRow>({
    listName: 'attachements',
    path: ATTACHMENT_LIST_PATH,
    summary: true,
    extraQuery: { filter },
  });
  const columns = useAttachmentColumns({ ftth: profile?.ftth ?? false });
  return <DataTable controller={controller} columns={columns} csvPath={ATTACHMENT_CSV_PATH} toolbar={toolbar} />;
}

/**
 * The attachment list (spec 2 /sst/attachements): All / My scope / My tasks when the user has pending
 * actions (My tasks first, All otherwise), the FTTH columns for an FTTH profile, the amounts' total, the
 * CSV export and the creation modal, which opens the new attachment.
 */
export function AttachmentListPage() {
  const { t } = useTranslation();
  const workItems = useWorkItemFilter();
  return (
    <ListFrame
      title={t('attachmentList.title')}
      create={{
        entity: 'attachement',
        label: t('reference.create'),
        modal: (open, onClose) => <AttachmentCreateModal open={open} onClose={onClose} />,
      }}
    >
      {workItems.ready ? (
        <AttachmentTable
          filter={workItems.filter}
          toolbar={<WorkItemFilter state={workItems} workflowCode={ATTACHMENT_WORKFLOW_CODE} />}
        />
      ) : (
        <Skeleton active />
      )}
    </ListFrame>
  );
}
