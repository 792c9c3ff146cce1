import { FilePdfOutlined } from '@ant-design/icons';
import {
  canDownloadDocumentPdf,
  MONTHLY_STATEMENT_REVERT_OPTION,
  STATEMENT_CONFIRM_DELETE,
  STATEMENT_CONFIRM_PAID,
  STATEMENT_CONFIRM_UNPAY,
  statementUpdateSchema,
} from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { listQueryKey } from '../../components/data-table/use-list-controller';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailScreen } from '../../components/detail-page/use-detail-screen';
import { DocumentManager } from '../../components/document-manager/document-manager';
import { useAuth } from '../../lib/auth-store';
import { formatIsoDate } from '../../lib/i18n';
import { STATEMENT_LIST_ROUTE } from '../../lib/routes';
import { confirmAndRun } from './statement-action';
import { StatementAttachmentsPanel } from './statement-attachments-panel';
import { type StatementFormValues, StatementInformation, statementFormValuesOf } from './statement-information';
import { StatementRgReleasesPanel } from './statement-rg-releases-panel';
import {
  deleteStatement,
  downloadStatementPdf,
  fetchStatement,
  marketStatementsPath,
  markStatementPaid,
  STATEMENT_LIST_PATH,
  statementQueryKey,
  unpayStatement,
  updateStatement,
} from './statements.api';

const emptyToNull = (value: string | null | undefined) => (value ? value : null);

/**
 * The monthly statement detail (spec 2 "Monthly statement detail"): Information (fields and figures) and
 * the attachments it invoices, the RG it releases; Documents (the shared document manager); Edit and
 * Delete while unpaid (a paid statement is locked), Mark as paid (update right) and Cancel payment
 * (option DANGEROUSLY_REVERT), each after a confirmation.
 */
export function StatementDetailPage() {
  const { t } = useTranslation();
  const { can, hasOption } = useAuth();
  const queryClient = useQueryClient();
  const screen = useDetailScreen({
    queryKey: statementQueryKey,
    fetch: fetchStatement,
    toFormValues: statementFormValuesOf,
    listPaths: [STATEMENT_LIST_PATH],
    // the statement's market shows its statements too
    otherKeys: (record) => (record ? [listQueryKey(marketStatementsPath(record.market.id))] : []),
    schema: statementUpdateSchema,
    payloadOf: (values) => {
      const form = values as StatementFormValues;
      return {
        date: form.date,
        sapReference: form.sapReference,
        theoreticalPaymentDate: emptyToNull(form.theoreticalPaymentDate),
        depositAmount: emptyToNull(form.depositAmount),
        depositReleaseDate: emptyToNull(form.depositReleaseDate),
      };
    },
    update: updateStatement,
    remove: deleteStatement,
  });
  const { routeId, id, editing, form, actions } = screen;
  const statement = screen.record;

  if (routeId === null) {
    return <Navigate to={STATEMENT_LIST_ROUTE} replace />;
  }

  const changed = async () => {
    actions.refreshLists();
    // paying moves the invoiced attachments (and their RG releases) too: the record and its two panels, all
    // keyed under the statement's key, read again (the form follows the record read)
    await queryClient.invalidateQueries({ queryKey: statementQueryKey(id) });
  };

  const canUpdate = can('monthly_statement', 'update');
  const paid = statement?.paidAt != null;
  const buttons = statement ? (
    <>
      {canUpdate && !paid && !statement.locked ? (
        <Button
          type="primary"
          disabled={editing}
          onClick={() =>
            void confirmAndRun(STATEMENT_CONFIRM_PAID, () => markStatementPaid(id)).then((ran) => (ran ? changed() : undefined))
          }
        >
          {t('statements.markPaid')}
        </Button>
      ) : null}
      {paid && hasOption(MONTHLY_STATEMENT_REVERT_OPTION) ? (
        <Button
          danger
          disabled={editing}
          onClick={() =>
            void confirmAndRun(STATEMENT_CONFIRM_UNPAY, () => unpayStatement(id)).then((ran) => (ran ? changed() : undefined))
          }
        >
          {t('statements.unpay')}
        </Button>
      ) : null}
      {canDownloadDocumentPdf(hasOption) ? (
        <Button icon={<FilePdfOutlined />} onClick={() => downloadStatementPdf(id)}>
          {t('statements.pdf')}
        </Button>
      ) : null}
    </>
  ) : null;

  const tabs = statement
    ? [
        {
          key: 'information',
          label: t('detail.information'),
          children: (
            <>
              <StatementInformation statement={statement} form={form} />
              <StatementAttachmentsPanel
                statementId={statement.id}
                canChange={canUpdate && !statement.locked}
                onChanged={() => void changed()}
              />
              <StatementRgReleasesPanel
                statementId={statement.id}
                canEditDate={hasOption(MONTHLY_STATEMENT_REVERT_OPTION)}
                canRelease={canUpdate && !statement.locked}
                canRemove={hasOption(MONTHLY_STATEMENT_REVERT_OPTION) && !statement.locked}
                onChanged={() => void changed()}
              />
            </>
          ),
        },
        ...(can('document', 'read')
          ? [
              {
                key: 'documents',
                label: t('statements.documents'),
                // a paid (locked) statement keeps its documents: one may be added, none removed (the server's rule too)
                children: (
                  <DocumentManager
                    entity="monthly_statement"
                    entityId={statement.id}
                    canDelete={canUpdate && !statement.locked}
                  />
                ),
              },
            ]
          : []),
      ]
    : [];

  return (
    <DetailPage
      key={id}
      title={
        statement ? (
          <>
            {t('statements.detailTitle', { id: statement.id, date: formatIsoDate(statement.date) })}
            {statement.locked ? (
              <Tag color="red" style={{ marginInlineStart: 12, verticalAlign: 'middle' }}>
                {t('statements.locked')}
              </Tag>
            ) : null}
          </>
        ) : (
          t('statements.one')
        )
      }
      entity="monthly_statement"
      listRoute={STATEMENT_LIST_ROUTE}
      {...screen.page}
      tabs={statement ? tabs : undefined}
      onSave={statement && !statement.locked ? actions.save : undefined}
      onDelete={statement && !paid ? actions.remove : undefined}
      deleteConfirm={STATEMENT_CONFIRM_DELETE}
      extra={buttons}
    />
  );
}
