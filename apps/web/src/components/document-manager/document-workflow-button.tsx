import { BranchesOutlined } from '@ant-design/icons';
import type { OwnerDocumentRow } from '@isf/contract';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkflowPanel } from '../workflow-panel/workflow-panel';

/** A document's statusWF; opens its workflow panel (transitions, comment, history) in a drawer. */
export function DocumentWorkflowButton({ document, onMoved }: { document: OwnerDocumentRow; onMoved: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        icon={<BranchesOutlined />}
        aria-label={t('documents.workflow', { name: document.filename })}
        title={t('documents.workflow', { name: document.filename })}
        onClick={() => setOpen(true)}
      >
        {document.statusWF ?? t('documents.noWorkflow')}
      </Button>
      <Drawer
        title={t('documents.workflowTitle', { name: document.filename })}
        size={520}
        open={open}
        onClose={() => setOpen(false)}
        destroyOnHidden
      >
        <WorkflowPanel entity="document" entityId={document.id} onMoved={onMoved} />
      </Drawer>
    </>
  );
}
