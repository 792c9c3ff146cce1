import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { EVALUATION_ENTITIES, type EvaluationRecord, evaluationKindOf } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Rate, Space, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadByFormPost } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { useEditMode } from '../../lib/edit-mode';
import { getFeedback } from '../../lib/feedback';
import { type AgencyEvaluationKind, EvaluationCreateModal } from './evaluation-create-modal';
import { deleteEvaluation, evaluationKeys, fetchAgencyEvaluations } from './evaluations.api';
import { ScoreTag } from './score-tag';

/**
 * The agency's evaluation panel (spec 3 Agency detail, shown with any evaluation read right): its
 * evaluations with their ratings, comments and attachments; creation of safety or procurement
 * evaluations with the create right of the type, deletion with the delete right of the type.
 */
export function AgencyEvaluationsPanel({ agencyId }: { agencyId: number }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const editing = useEditMode();
  const [creating, setCreating] = useState<AgencyEvaluationKind | null>(null);
  const evaluations = useQuery({ queryKey: evaluationKeys.agency(agencyId), queryFn: () => fetchAgencyEvaluations(agencyId) });

  const remove = async (evaluation: EvaluationRecord) => {
    if (!(await getFeedback().confirm({ content: t('confirm.delete') }))) {
      return;
    }
    const reply = await deleteEvaluation(evaluation.id);
    if (reply.success) {
      void evaluations.refetch();
    }
  };

  const canDelete = (evaluation: EvaluationRecord) => {
    const kind = evaluationKindOf(evaluation.type);
    return kind !== undefined && can(EVALUATION_ENTITIES[kind], 'delete');
  };

  const columns: TableColumnsType<EvaluationRecord> = [
    {
      title: t('evaluations.date'),
      dataIndex: 'ratedAt',
      width: 110,
      render: (value: string) => dayjs(value).format('DD/MM/YYYY'),
    },
    {
      title: t('evaluations.type'),
      dataIndex: 'type',
      width: 160,
      render: (type: number, row) => (
        <>
          {t(`evaluations.kind.${evaluationKindOf(type) ?? 'project'}`)}
          {row.projectName ? <Typography.Text type="secondary"> · {row.projectName}</Typography.Text> : null}
        </>
      ),
    },
    {
      title: t('evaluations.ratings'),
      dataIndex: 'criteria',
      render: (criteria: EvaluationRecord['criteria']) => (
        <Space direction="vertical" size={0}>
          {criteria.map((criterion) => (
            <Space key={criterion.criterion} size={8}>
              <span style={{ display: 'inline-block', minWidth: 90 }}>{t(`evaluations.criterion.${criterion.criterion}`)}</span>
              <Rate disabled value={criterion.value} style={{ fontSize: 14 }} />
            </Space>
          ))}
        </Space>
      ),
    },
    { title: t('evaluations.score'), dataIndex: 'value', width: 90, render: (value: string) => <ScoreTag score={value} /> },
    { title: t('evaluations.comment'), dataIndex: 'comment' },
    {
      title: t('evaluations.attachments'),
      dataIndex: 'documents',
      render: (documents: EvaluationRecord['documents']) =>
        documents.map((document) => (
          <Button
            key={document.id}
            type="link"
            size="small"
            icon={<PaperClipOutlined />}
            onClick={() => downloadByFormPost(`/document/${document.id}`, {})}
          >
            {document.filename}
          </Button>
        )),
    },
    { title: t('evaluations.creator'), dataIndex: 'creatorName', width: 160 },
    {
      key: 'actions',
      width: 50,
      render: (_value, row) =>
        canDelete(row) ? (
          <Button
            danger
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('evaluations.delete')}
            disabled={editing}
            onClick={() => void remove(row)}
          />
        ) : null,
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        {can('evaluation_safety', 'create') ? (
          <Button disabled={editing} onClick={() => setCreating('safety')}>
            {t('evaluations.create.safety')}
          </Button>
        ) : null}
        {can('evaluation_procurement', 'create') ? (
          <Button disabled={editing} onClick={() => setCreating('procurement')}>
            {t('evaluations.create.procurement')}
          </Button>
        ) : null}
      </Space>
      <Table<EvaluationRecord>
        size="small"
        rowKey="id"
        loading={evaluations.isLoading}
        dataSource={evaluations.data ?? []}
        columns={columns}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('evaluations.noData') }}
      />
      {creating ? (
        <EvaluationCreateModal
          agencyId={agencyId}
          kind={creating}
          onClose={(created) => {
            setCreating(null);
            if (created) {
              void evaluations.refetch();
            }
          }}
        />
      ) : null}
    </>
  );
}
