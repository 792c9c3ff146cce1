import { DeleteOutlined, EditOutlined, FilePdfOutlined, PlusOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import {
  ENVELOPE_ACCESS_NOT_GRANTED,
  ENVELOPE_DRAFT_NODE,
  ENVELOPE_ENTITY,
  ENVELOPE_MIN_VALIDATOR_ROLES,
  ENVELOPE_SEND_TRANSITIONS,
  ENVELOPE_TOO_FEW_VALIDATORS_MESSAGE,
  type EnvelopeRecord,
} from '@isf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Empty, Input, Menu, Modal, Row, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DocumentManager } from '../../components/document-manager/document-manager';
import { documentsQueryKey } from '../../components/document-manager/documents.api';
import { ValidatorsTable } from '../../components/validators-table';
import { WorkflowPanel } from '../../components/workflow-panel/workflow-panel';
import { workItemQueryKey } from '../../components/workflow-panel/workflow-panel.api';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { getFeedback } from '../../lib/feedback';
import { formatIsoDate } from '../../lib/i18n';
import { SignatureSendModal, SignatureStatusAlert, signatureQueryKey } from '../signatures';
import { ContractTemplateModal } from './contract-template-modal';
import {
  createEnvelope,
  deleteEnvelope,
  ENVELOPE_PARAM,
  envelopeQueryKey,
  envelopesQueryKey,
  fetchContractEnvelopes,
  fetchEnvelope,
  renameEnvelope,
} from './contracts.api';
import { EnvelopeSendModal } from './envelope-send-modal';

/** Steps from which an envelope may be sent to validation. */
const SENDABLE_NODES = new Set(Object.keys(ENVELOPE_SEND_TRANSITIONS));

function warnRefusal(error: unknown) {
  if (error instanceof ApiError && error.status === 422) {
    getFeedback().warning(error.body?.error ?? '');
  } else if (!(error instanceof ApiError)) {
    // spec 2 §8: envelope failures are only logged
    console.error(error);
  }
}

/** The right side: one envelope's name, date, documents, validators and workflow. */
function EnvelopeDetail({
  envelope,
  onChanged,
  onDeleted,
}: {
  envelope: EnvelopeRecord;
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { can, hasOption } = useAuth();
  const [name, setName] = useState(envelope.name);
  const [sending, setSending] = useState(false);
  const [signing, setSigning] = useState(false);
  const [templating, setTemplating] = useState(false);
  const queryClient = useQueryClient();
  useEffect(() => setName(envelope.name), [envelope.name]);
  const nodeCode = envelope.statusWF?.nodeCode ?? '';
  const draft = nodeCode === ENVELOPE_DRAFT_NODE;
  const canUpdate = can('envelope', 'update');

  const rename = async () => {
    try {
      await renameEnvelope(envelope.id, { name, version: envelope.version });
      onChanged();
    } catch (error) {
      warnRefusal(error);
    }
  };
  const remove = async () => {
    if (!(await getFeedback().confirm({ content: t('confirm.delete') }))) {
      return;
    }
    try {
      if ((await deleteEnvelope(envelope.id)).success) {
        onDeleted();
      }
    } catch (error) {
      warnRefusal(error);
    }
  };

  // The envelope's buttons, in one row; none, no row (an empty row would leave a gap above the documents).
  const actions = [
    hasOption('envelopes.can_send_for_signature') && canUpdate && SENDABLE_NODES.has(nodeCode) ? (
      <Button key="send" type="primary" icon={<SendOutlined />} onClick={() => setSending(true)}>
        {t('envelopes.sendToValidation')}
      </Button>
    ) : null,
    hasOption('envelopes.can_send_for_signature') && canUpdate && nodeCode === 'env_validated' ? (
      <Button key="sign" type="primary" icon={<EditOutlined />} onClick={() => setSigning(true)}>
        {t('signature.sendToSignature')}
      </Button>
    ) : null,
    can('contract_template', 'read') ? (
      <Button key="template" icon={<FilePdfOutlined />} onClick={() => setTemplating(true)}>
        {t('envelopes.templateButton')}
      </Button>
    ) : null,
    can('envelope', 'delete') && draft ? (
      <Button key="delete" danger icon={<DeleteOutlined />} onClick={() => void remove()}>
        {t('detail.delete')}
      </Button>
    ) : null,
  ].filter((action) => action !== null);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('envelopes.name')}>
          {canUpdate ? (
            <Space.Compact style={{ width: '100%' }}>
              <Input
                aria-label={t('envelopes.name')}
                value={name}
                maxLength={255}
                onChange={(event) => setName(event.target.value)}
              />
              <Button
                icon={<SaveOutlined />}
                disabled={name.trim() === '' || name === envelope.name}
                onClick={() => void rename()}
              >
                {t('detail.save')}
              </Button>
            </Space.Compact>
          ) : (
            envelope.name
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('envelopes.createdAt')}>{formatIsoDate(envelope.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('envelopes.contract')}>{envelope.contractNumber}</Descriptions.Item>
      </Descriptions>
      {actions.length > 0 ? <Space wrap>{actions}</Space> : null}
      {draft ? null : <SignatureStatusAlert target={{ envelopeId: envelope.id }} onSettled={onChanged} />}
      <Card size="small" title={t('envelopes.documents')}>
        <DocumentManager
          entity="envelope"
          entityId={envelope.id}
          canDelete={canUpdate && draft}
          canAdd={canUpdate && draft}
          followsOwner
        />
      </Card>
      <Card size="small" title={t('envelopes.validators')}>
        <ValidatorsTable validators={envelope.validators} />
      </Card>
      <Card size="small" title={t('envelopes.workflow')}>
        <WorkflowPanel
          entity="envelope"
          entityId={envelope.id}
          onMoved={onChanged}
          // spec 2 §4: an envelope in validation with fewer than two validators has no current token
          actionsUnavailable={
            nodeCode === 'env_pending_validation' && envelope.validators.length < ENVELOPE_MIN_VALIDATOR_ROLES
              ? ENVELOPE_TOO_FEW_VALIDATORS_MESSAGE
              : null
          }
        />
      </Card>
      <ContractTemplateModal contractId={envelope.contractId} open={templating} onClose={() => setTemplating(false)} />
      <EnvelopeSendModal envelopeId={envelope.id} open={sending} onClose={() => setSending(false)} onSent={onChanged} />
      <SignatureSendModal
        target={{ envelopeId: envelope.id }}
        open={signing}
        onClose={() => setSigning(false)}
        onSent={() => {
          void queryClient.invalidateQueries({ queryKey: signatureQueryKey({ envelopeId: envelope.id }) });
          onChanged();
        }}
      />
    </Space>
  );
}

/**
 * The envelope manager of a contract (spec 2): the envelopes on the left with their step and an add
 * button, the selected one on the right; the first is selected by default and the selection is kept in
 * the envelopeId query parameter. Without the read right on envelopes: 'access not granted'.
 */
export function EnvelopeManager({ contractId }: { contractId: number }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const [newName, setNewName] = useState('');
  const canRead = can('envelope', 'read');
  const list = useQuery({
    queryKey: envelopesQueryKey(contractId),
    queryFn: () => fetchContractEnvelopes(contractId),
    enabled: canRead,
    staleTime: 0,
  });
  const envelopes = list.data ?? [];
  const asked = Number(params.get(ENVELOPE_PARAM));
  const selectedId = envelopes.some((envelope) => envelope.id === asked) ? asked : (envelopes[0]?.id ?? null);
  const detail = useQuery({
    queryKey: envelopeQueryKey(selectedId ?? 0),
    queryFn: () => fetchEnvelope(selectedId ?? 0),
    enabled: canRead && selectedId !== null,
    staleTime: 0,
  });

  if (!canRead) {
    return <Alert type="warning" showIcon title={ENVELOPE_ACCESS_NOT_GRANTED} />;
  }

  const select = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) {
      next.delete(ENVELOPE_PARAM);
    } else {
      next.set(ENVELOPE_PARAM, String(id));
    }
    setParams(next, { replace: true });
  };
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: envelopesQueryKey(contractId) });
    if (selectedId !== null) {
      await queryClient.invalidateQueries({ queryKey: envelopeQueryKey(selectedId) });
      // its workflow panel too: sending it to validation moves its token
      await queryClient.invalidateQueries({ queryKey: workItemQueryKey({ entity: ENVELOPE_ENTITY, entityId: selectedId }) });
      // and its documents, whose step follows the envelope's
      await queryClient.invalidateQueries({ queryKey: documentsQueryKey(ENVELOPE_ENTITY, selectedId) });
    }
  };
  const add = async () => {
    try {
      const reply = await createEnvelope({ name: newName.trim(), contractId });
      if (reply.success) {
        setAdding(false);
        setNewName('');
        await reload();
        select(reply.id);
      }
    } catch (error) {
      warnRefusal(error);
    }
  };

  return (
    <Row gutter={16}>
      <Col xs={24} lg={8}>
        <Card
          size="small"
          title={t('envelopes.title')}
          extra={
            can('envelope', 'create') ? (
              <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {t('envelopes.add')}
              </Button>
            ) : null
          }
        >
          {envelopes.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={list.isLoading ? null : t('envelopes.none')} />
          ) : (
            <Menu
              mode="inline"
              selectedKeys={selectedId === null ? [] : [String(selectedId)]}
              onClick={({ key }) => select(Number(key))}
              items={envelopes.map((envelope) => ({
                key: String(envelope.id),
                label: (
                  <Space>
                    <span>{envelope.name}</span>
                    {envelope.statusWF ? <Tag>{envelope.statusWF.nodeName}</Tag> : null}
                  </Space>
                ),
              }))}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        {detail.data ? (
          <EnvelopeDetail
            key={detail.data.id}
            envelope={detail.data}
            onChanged={() => void reload()}
            onDeleted={() => {
              select(null);
              void reload();
            }}
          />
        ) : (
          <Empty description={t('envelopes.none')} />
        )}
      </Col>
      <Modal
        open={adding}
        title={t('envelopes.addTitle')}
        okButtonProps={{ disabled: newName.trim() === '' }}
        onOk={() => void add()}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Input
          aria-label={t('envelopes.name')}
          value={newName}
          maxLength={255}
          onChange={(event) => setNewName(event.target.value)}
        />
      </Modal>
    </Row>
  );
}
