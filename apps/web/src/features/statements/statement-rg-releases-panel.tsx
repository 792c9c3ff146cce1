import { EditOutlined } from '@ant-design/icons';
import {
  ATTACHMENT_RELEASE_DATE_SUCCESS,
  STATEMENT_CONFIRM_REMOVE_RELEASE,
  type StatementRelease,
  type StatementReleaseCandidateRow,
} from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IsoDateInput } from '../../components/form/iso-date-input';
import { getFeedback } from '../../lib/feedback';
import { formatIsoDate, formatMoney } from '../../lib/i18n';
import { StatementItemsPanel } from './statement-items-panel';
import {
  fetchStatementReleases,
  releaseStatementRg,
  removeStatementRelease,
  setReleaseDate,
  statementReleaseCandidatesPath,
  statementReleasesKey,
} from './statements.api';

export type StatementRgReleasesPanelProps = {
  statementId: number;
  /** Option DANGEROUSLY_REVERT: the release date of a released RG may be changed, paid or not (spec 2 §6). */
  canEditDate?: boolean;
  /** Update right and an unlocked statement: RG may be released. */
  canRelease: boolean;
  /** Option DANGEROUSLY_REVERT and an unlocked statement: a release may be removed (spec 2 §6). */
  canRemove: boolean;
  /** After a release is recorded or removed (the figures change). */
  onChanged: () => void;
};

/**
 * The RG a statement releases (spec 2 Monthly statement detail, "remove a retention release"): attachment,
 * order, RG released; "Libérer des RG" picks among its market's validated attachments with an RG that no
 * statement releases yet, Remove (with the option) gives one back after a confirmation; with the option too,
 * the release date of a released RG is changed (PUT /attachement/{id}/warranties/releaseDate).
 */
export function StatementRgReleasesPanel({
  statementId,
  canEditDate = false,
  canRelease,
  canRemove,
  onChanged,
}: StatementRgReleasesPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<StatementRelease | null>(null);
  const [date, setDate] = useState('');
  const saveDate = async () => {
    if (!editing || !date) {
      return;
    }
    const reply = await setReleaseDate(editing.id, date);
    if (reply.success) {
      getFeedback().success(reply.message ?? ATTACHMENT_RELEASE_DATE_SUCCESS);
      setEditing(null);
      await queryClient.invalidateQueries({ queryKey: statementReleasesKey(statementId) });
      onChanged();
    }
  };
  const releaseDate = (date: string | null) => (date ? formatIsoDate(date) : '—');
  return (
    <>
      <StatementItemsPanel<StatementRelease, StatementReleaseCandidateRow>
        title={t('statements.releases')}
        emptyText={t('statements.noRelease')}
        queryKey={statementReleasesKey(statementId)}
        fetchRows={() => fetchStatementReleases(statementId)}
        columns={[
          {
            key: 'rgReleaseDate',
            title: t('statements.rgReleaseDate'),
            render: (_value, row) => (
              <>
                {releaseDate(row.rgReleaseDate)}
                {canEditDate ? (
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('statements.editReleaseDate', { reference: row.reference })}
                    onClick={() => {
                      setDate(row.rgReleaseDate ?? '');
                      setEditing(row);
                    }}
                  />
                ) : null}
              </>
            ),
          },
          {
            key: 'rgReleased',
            title: t('statements.rgreleased'),
            align: 'right',
            render: (_value, row) => formatMoney(row.rgReleased),
          },
        ]}
        canAdd={canRelease}
        addLabel={t('statements.releaseRg')}
        picker={{
          listName: 'picker.situation.rgreleases',
          listPath: statementReleaseCandidatesPath(statementId),
          columns: [
            { key: 'reference', title: t('attachmentList.reference') },
            { key: 'orderReference', title: t('attachmentList.order') },
            { key: 'rgReleaseDate', title: t('statements.rgReleaseDate'), render: (row) => releaseDate(row.rgReleaseDate) },
            { key: 'totalRg', title: t('statements.rgamount'), align: 'right', render: (row) => formatMoney(row.totalRg) },
            { key: 'nodeName', title: t('orderList.status') },
          ],
        }}
        add={(ids) => releaseStatementRg(statementId, ids)}
        canRemove={canRemove}
        removeLabel={(row) => t('statements.removeRelease', { reference: row.reference })}
        removeConfirmation={STATEMENT_CONFIRM_REMOVE_RELEASE}
        remove={(row) => removeStatementRelease(statementId, row.id)}
        onChanged={onChanged}
      />
      {editing ? (
        <Modal
          open
          title={t('statements.editReleaseDate', { reference: editing.reference })}
          okButtonProps={{ disabled: !date }}
          onOk={() => void saveDate()}
          onCancel={() => setEditing(null)}
        >
          <Form layout="vertical">
            <Form.Item label={t('statements.rgReleaseDate')} htmlFor="statement-release-date">
              <IsoDateInput id="statement-release-date" value={date} onChange={setDate} />
            </Form.Item>
          </Form>
        </Modal>
      ) : null}
    </>
  );
}
