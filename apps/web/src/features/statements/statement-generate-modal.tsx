import { PICKER_PAGE_SIZE, STATEMENT_CONFIRM_GENERATE } from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table/data-table';
import { listQueryKey, useListController } from '../../components/data-table/use-list-controller';
import { ApiError } from '../../lib/api-client';
import { getFeedback } from '../../lib/feedback';
import { PROJECT_LIST_PATH } from '../../lib/list-paths';
import { generateStatements, STATEMENT_LIST_PATH } from './statements.api';

type ProjectOption = { id: number; code: string; name: string };

/**
 * Generation of the monthly statements (spec 2 Monthly statement list, §5, §8): the projects chosen in
 * the selection table (multi-select, PICKER_PAGE_SIZE rows a page), a confirmation, then one statement per
 * market with validated attachments to invoice; the list is read again and the count shown. Nothing
 * happens while no project is chosen.
 */
export function StatementGenerateModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  const controller = useListController<ProjectOption>({
    listName: 'selection.statement.projects',
    path: PROJECT_LIST_PATH,
    defaultSort: { column: 'name', direction: 'asc' },
    defaultPageSize: PICKER_PAGE_SIZE,
    pageSizeOptions: [],
  });
  const columns: DataColumn<ProjectOption>[] = [
    { key: 'code', title: t('fields.code') },
    { key: 'name', title: t('fields.name') },
  ];
  const selected = controller.selectedKeys.map(Number);

  const run = async () => {
    if (selected.length === 0 || !(await getFeedback().confirm({ content: STATEMENT_CONFIRM_GENERATE }))) {
      return;
    }
    setRunning(true);
    try {
      const result = await generateStatements(selected);
      void queryClient.invalidateQueries({ queryKey: listQueryKey(STATEMENT_LIST_PATH) });
      getFeedback().success(
        result.created > 0 ? t('statements.generated', { count: result.created }) : t('statements.generatedNone'),
      );
      onClose();
    } catch (error) {
      // the global response handling has shown it (400 unknown project, 403, …)
      if (!(error instanceof ApiError)) {
        throw error;
      }
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      open
      title={t('statements.generateTitle')}
      width={900}
      okText={t('statements.generate')}
      okButtonProps={{ disabled: selected.length === 0 }}
      confirmLoading={running}
      onOk={() => void run()}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t('statements.generateHint')}</Typography.Paragraph>
      <DataTable controller={controller} columns={columns} />
    </Modal>
  );
}
