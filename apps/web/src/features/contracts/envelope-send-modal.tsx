import { type EnvelopeValidatorRole, validatorChoiceProblem } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SendModal, useSending } from '../../components/form/send-modal';
import { ApiError } from '../../lib/api-client';
import { getFeedback } from '../../lib/feedback';
import { fetchValidatorRoles, sendEnvelopeToValidation } from './contracts.api';

/** The user chosen for each chosen role (null until one is picked). */
type Choices = Map<number, number | null>;

function RoleUserSelect({
  role,
  value,
  onChange,
}: {
  role: EnvelopeValidatorRole;
  value: number | null;
  onChange: (userId: number | null) => void;
}) {
  return (
    <Form.Item label={role.name} required>
      <Select
        aria-label={role.name}
        allowClear
        value={value ?? undefined}
        onChange={(userId?: number) => onChange(userId ?? null)}
        options={role.users.map((user) => ({ value: user.id, label: user.name }))}
        optionFilterProp="label"
        showSearch
      />
    </Form.Item>
  );
}

/**
 * Send to validation (spec 2 §5): at least two validator roles (`GET /role/envelope-validator`), a user
 * chosen for each; Send stays disabled until then, with the spec's text saying what is missing.
 */
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
  const [choices, setChoices] = useState<Choices>(new Map());
  const [comment, setComment] = useState('');
  const { sending, run } = useSending();
  const roles = useQuery({ queryKey: ['envelope-validator-roles'], queryFn: fetchValidatorRoles, enabled: open });
  const chosenRoles = (roles.data ?? []).filter((role) => choices.has(role.id));
  const entries = [...choices.entries()].map(([roleId, userId]) => ({ roleId, userId }));
  const problem = validatorChoiceProblem(entries);

  const chooseRoles = (roleIds: number[]) =>
    setChoices(new Map(roleIds.map((roleId) => [roleId, choices.get(roleId) ?? null] as const)));
  const chooseUser = (roleId: number, userId: number | null) => setChoices(new Map(choices).set(roleId, userId));

  const send = () =>
    run(
      async () => {
        const reply = await sendEnvelopeToValidation({
          envId: envelopeId,
          roles: entries.map((entry) => entry.roleId),
          users: entries.flatMap((entry) => (entry.userId === null ? [] : [entry.userId])),
          comment: comment.trim() || null,
        });
        if (reply.success) {
          setChoices(new Map());
          setComment('');
          onSent();
          onClose();
        }
      },
      (error) => {
        // the global handling says 400s; a business refusal (422) is said here
        if (error instanceof ApiError && error.status === 422) {
          getFeedback().warning(error.body?.error ?? '');
        }
      },
    );

  return (
    <SendModal
      open={open}
      onClose={onClose}
      title={t('envelopes.sendTitle')}
      okText={t('envelopes.send')}
      disabled={problem !== null}
      sending={sending}
      onSend={send}
    >
      <Form.Item label={t('envelopes.validatorRoles')} required>
        <Select
          mode="multiple"
          aria-label={t('envelopes.validatorRoles')}
          loading={roles.isLoading}
          value={[...choices.keys()]}
          onChange={chooseRoles}
          options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
          optionFilterProp="label"
        />
      </Form.Item>
      {chosenRoles.map((role) => (
        <RoleUserSelect
          key={role.id}
          role={role}
          value={choices.get(role.id) ?? null}
          onChange={(userId) => chooseUser(role.id, userId)}
        />
      ))}
      {problem ? <Alert type="info" showIcon title={problem} style={{ marginBottom: 16 }} /> : null}
      <Form.Item label={t('envelopes.comment')}>
        <Input.TextArea rows={2} value={comment} onChange={(event) => setComment(event.target.value)} />
      </Form.Item>
    </SendModal>
  );
}
