import { ApiOutlined, LinkOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Row } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCsvImport } from '../../components/csv-import/use-csv-import';
import { ApiError, reportApiError } from '../../lib/api-client';
import { getFeedback } from '../../lib/feedback';
import {
  bindOracleImputationOrders,
  importOracleImputations,
  sendOracleImputationOrders,
  syncOracleImputations,
} from './oracle-imputations.api';

/** Runs one step: its summary as a success, a refusal (422) or an ERP failure (502) as a warning with the server's words. */
function useStep<Reply>(run: () => Promise<Reply>, summary: (reply: Reply) => string, onDone: () => void) {
  const [running, setRunning] = useState(false);
  const start = async () => {
    setRunning(true);
    try {
      getFeedback().success(summary(await run()));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 422 || error.status === 502)) {
        getFeedback().warning(
          error.body?.detail && error.status === 502
            ? `${error.body.error} ${error.body.detail}`
            : (error.body?.error ?? error.message),
        );
      } else if (error instanceof ApiError) {
        reportApiError(error);
      }
    } finally {
      setRunning(false);
    }
  };
  return { running, start };
}

function Step({ number, title, banner, action }: { number: number; title: string; banner: string; action: ReactNode }) {
  return (
    <Col xs={24} md={12} xl={6}>
      <Card size="small" title={`${number}. ${title}`} style={{ height: '100%' }} data-testid={`imputation-step-${number}`}>
        <Alert type="info" showIcon title={banner} style={{ marginBottom: 12 }} />
        {action}
      </Card>
    </Col>
  );
}

/**
 * The four numbered steps of the ERP imputations (spec 2 ERP-facing screens), each with its information
 * banner: import a CSV, synchronise with Oracle, bind the orders, send them. Each runs as a task (/tasks);
 * `canRun` is the create right on the ERP imputation entity (spec 2 §6).
 */
export function ImputationSteps({ canRun, onDone }: { canRun: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const csv = useCsvImport({ send: importOracleImputations, onImported: onDone });
  const sync = useStep(
    syncOracleImputations,
    (reply) =>
      t('oracleImputations.synced', { synced: reply.synced, projects: reply.projectNotFound, tasks: reply.taskNotFound }),
    onDone,
  );
  const bind = useStep(
    bindOracleImputationOrders,
    (reply) => t('oracleImputations.bound', { bound: reply.bound, sent: reply.alreadySent }),
    onDone,
  );
  const send = useStep(
    sendOracleImputationOrders,
    (reply) => {
      // each order left aside, with the send's reason (not validated, being sent...)
      for (const skipped of reply.skipped) {
        getFeedback().warning(t('oracleImputations.skipped', { id: skipped.orderId, reason: skipped.reason }));
      }
      return t('oracleImputations.sent', { queued: reply.queued, skipped: reply.skipped.length });
    },
    onDone,
  );
  const disabled = !canRun;
  return (
    <>
      <Alert
        type="info"
        style={{ marginBottom: 12 }}
        title={t('oracleImputations.tasksHint')}
        action={<Link to="/tasks">{t('oracleImputations.tasksLink')}</Link>}
      />
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
        <Step
          number={1}
          title={t('oracleImputations.steps.import')}
          banner={t('oracleImputations.banners.import')}
          action={canRun ? csv.button : null}
        />
        <Step
          number={2}
          title={t('oracleImputations.steps.sync')}
          banner={t('oracleImputations.banners.sync')}
          action={
            <Button icon={<ApiOutlined />} disabled={disabled} loading={sync.running} onClick={() => void sync.start()}>
              {t('oracleImputations.actions.sync')}
            </Button>
          }
        />
        <Step
          number={3}
          title={t('oracleImputations.steps.bind')}
          banner={t('oracleImputations.banners.bind')}
          action={
            <Button icon={<LinkOutlined />} disabled={disabled} loading={bind.running} onClick={() => void bind.start()}>
              {t('oracleImputations.actions.bind')}
            </Button>
          }
        />
        <Step
          number={4}
          title={t('oracleImputations.steps.send')}
          banner={t('oracleImputations.banners.send')}
          action={
            <Button icon={<SendOutlined />} disabled={disabled} loading={send.running} onClick={() => void send.start()}>
              {t('oracleImputations.actions.send')}
            </Button>
          }
        />
      </Row>
      {csv.report}
    </>
  );
}
