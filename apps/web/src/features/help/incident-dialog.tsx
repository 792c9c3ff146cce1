import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chosenFile, FileChoice } from '../../components/file-choice/file-choice';
import { getFeedback } from '../../lib/feedback';
import { submitIncident } from './help.api';
import { ProjectSelect } from './project-select';

type IncidentForm = { subject?: string; project?: number; description?: string };

/** "Signaler un incident" (spec 1 §2 Incident dialog): subject, project and description are required. */
export function IncidentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<IncidentForm>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [incomplete, setIncomplete] = useState(false);

  const close = () => {
    form.resetFields();
    setFiles([]);
    setIncomplete(false);
    onClose();
  };

  const submit = useMutation({
    mutationFn: submitIncident,
    onSuccess: (reply) => {
      if (reply.success) {
        getFeedback().success(reply.message ?? t('help.submitted'));
        close();
      }
    },
  });

  const send = () => {
    const values = form.getFieldsValue();
    const subject = values.subject?.trim() ?? '';
    const description = values.description?.trim() ?? '';
    if (!subject || values.project === undefined || !description) {
      setIncomplete(true);
      return;
    }
    setIncomplete(false);
    const attachment = chosenFile(files);
    submit.mutate({ subject, projectId: values.project, description, attachment });
  };

  return (
    <Modal
      open={open}
      title={t('help.title')}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <Button key="send" type="primary" loading={submit.isPending} onClick={send}>
          {t('help.send')}
        </Button>,
      ]}
    >
      {incomplete && <Alert type="warning" showIcon title={t('help.fillFormFirst')} style={{ marginBottom: 16 }} />}
      <Form<IncidentForm> form={form} layout="vertical" preserve={false}>
        <Form.Item name="subject" label={t('help.subject')} required>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="project" label={t('help.project')} required>
          <ProjectSelect />
        </Form.Item>
        <Form.Item name="description" label={t('help.description')} required>
          <Input.TextArea rows={5} maxLength={5000} />
        </Form.Item>
        <Form.Item label={t('help.attachment')}>
          <FileChoice fileList={files} onChange={setFiles} label={t('help.chooseFile')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
