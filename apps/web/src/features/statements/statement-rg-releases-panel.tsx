import { STATEMENT_CONFIRM_REMOVE_RELEASE, type StatementRelease, type StatementReleaseCandidateRow } from '@isf/contract';
import { useTranslation } from 'react-i18next';
import { formatIsoDate, formatMoney } from '../../lib/i18n';
import { StatementItemsPanel } from './statement-items-panel';
import {
  fetchStatementReleases,
  releaseStatementRg,
  removeStatementRelease,
  statementReleaseCandidatesPath,
  statementReleasesKey,
} from './statements.api';

export type StatementRgReleasesPanelProps = {
  statementId: number;
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
 * statement releases yet, Remove (with the option) gives one back after a confirmation.
 */
export function StatementRgReleasesPanel({ statementId, canRelease, canRemove, onChanged }: StatementRgReleasesPanelProps) {
  const { t } = useTranslation();
  const releaseDate = (date: string | null) => (date ? formatIsoDate(date) : '—');
  return (
    <StatementItemsPanel<StatementRelease, StatementReleaseCandidateRow>
      title={t('statements.releases')}
      emptyText={t('statements.noRelease')}
      queryKey={statementReleasesKey(statementId)}
      fetchRows={() => fetchStatementReleases(statementId)}
      columns={[
        { key: 'rgReleaseDate', title: t('statements.rgReleaseDate'), render: (_value, row) => releaseDate(row.rgReleaseDate) },
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
  );
}
