import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { getFeedback } from '../../app/feedback';
import { fetchValidatorRoles, sendEnvelopeToValidation } from './contracts.api';

/** Send to validation (spec 2 Envelope manager modals): the validators are chosen among the envelope validator roles. */
export function EnvelopeSendModal({
  envelopeId,
  open,
  onClose,
  onSent,
}: {
  envelopeId: number;
  open: boolean;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const [users, setUsers] = useState<number[]>([]);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const roles = useQuery({ queryKey: ['envelope-validator-roles'], queryFn: fetchValidatorRoles, enabled: open });
  const options = (roles.data ?? []).map((role) => ({
    label: role.name,
    options: role.users.map((user) => ({ value: user.id, label: user.name })),
  }));

  const send = async () => {
    setSending(true);
    try {
      const reply = await sendEnvelopeToValidation({ envId: envelopeId, users, comment: comment.trim() || null });
      if (reply.success) {
        setUsers([]);
        setComment('');
        onSent();
        onClose();
      }
    } catch (error) {
      // the global handling says 400s; a business refusal (422) is said here
      if (error instanceof ApiError && error.status === 422) {
        getFeedback().warning(error.body?.error ?? '');
      } else if (!(error instanceof ApiError)) {
        console.error(error);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('envelopes.sendTitle')}
      okText={t('envelopes.send')}
      okButtonProps={{ disabled: users.length === 0, loading: sending }}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('envelopes.validators')} required>
          <Select
            mode="multiple"
            aria-label={t('envelopes.validators')}
            loading={roles.isLoading}
            value={users}
            onChange={setUsers}
            options={options}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item label={t('envelopes.comment')}>
          <Input.TextArea rows={2} value={comment} onChange={(event) => setComment(event.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
