import { marketUpdateSchema } from '@isf/contract';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailForm } from '../../components/detail-page/detail-form';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailScreen } from '../../components/detail-page/use-detail-screen';
import { documentsTabs } from '../../components/document-manager/documents-tab';
import { fetchMarket, marketQueryKey } from '../../components/pickers/market-reads';
import { WorkflowPanel } from '../../components/workflow-panel/workflow-panel';
import { useAuth } from '../../lib/auth-store';
import { MARKET_ACTIVE_PATH, MARKET_LIST_PATH } from '../../lib/list-paths';
import { MARKET_LIST_ROUTE } from '../../lib/routes';
import { DepositsBlock } from '../deposits';
import { MarketOrdersTab } from '../orders';
import { MarketStatementsTab } from '../statements';
import { MarketActivationButton } from './market-activation-button';
import { MarketBpus } from './market-bpus';
import { MarketFormFields, type MarketFormValues, marketFormValuesOf, marketPayloadOf } from './market-form-fields';
import { deleteMarket, updateMarket } from './markets.api';

/**
 * The market detail (spec 2 Market detail): Information (the form, its BPUs, the workflow beside) and
 * Documents, Situations (its monthly statements) and Orders, the deposits panel; Deactivate / Activate
 * in the header.
 */
export function MarketDetailPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const screen = useDetailScreen({
    queryKey: marketQueryKey,
    fetch: fetchMarket,
    toFormValues: marketFormValuesOf,
    listPaths: [MARKET_LIST_PATH, MARKET_ACTIVE_PATH],
    schema: marketUpdateSchema,
    payloadOf: (values) => marketPayloadOf(values as MarketFormValues),
    update: updateMarket,
    remove: deleteMarket,
    reloadAfterSave: true,
  });
  const { id, routeId: marketId, reload } = screen;
  const market = screen.record;

  const tabs = [
    {
      key: 'information',
      label: t('detail.information'),
      children: (
        <Row gutter={16}>
          <Col xs={24} xl={16}>
            <DetailForm form={screen.form} labelSpan={8} fullWidth>
              <MarketFormFields />
            </DetailForm>
            <Card title={t('markets.bpus')} style={{ marginTop: 16 }}>
              <MarketBpus marketId={id} />
            </Card>
            {marketId !== null && can('deposit', 'read') ? (
              <Card title={t('deposits.block')} style={{ marginTop: 16 }}>
                <DepositsBlock marketId={marketId} />
              </Card>
            ) : null}
          </Col>
          <Col xs={24} xl={8}>
            <Card title={t('markets.workflow')}>
              {marketId !== null ? (
                <WorkflowPanel entity="subcontractor_market" entityId={id} onMoved={() => void reload()} />
              ) : null}
            </Card>
          </Col>
        </Row>
      ),
    },
    ...documentsTabs({ entity: 'subcontractor_market', id, label: t('markets.tab.documents'), can }),
    ...(can('monthly_statement', 'read') && marketId !== null
      ? [{ key: 'situations', label: t('statements.tab'), children: <MarketStatementsTab marketId={marketId} /> }]
      : []),
    ...(can('order', 'read') && marketId !== null
      ? [{ key: 'orders', label: t('orderList.tab'), children: <MarketOrdersTab marketId={marketId} /> }]
      : []),
  ];

  return (
    <DetailPage
      title={
        market ? (
          <>
            {t('markets.detailTitle', { edifice: market.edifice })}
            {market.active ? null : (
              <Typography.Text type="secondary" style={{ marginInlineStart: 12, fontSize: 14 }}>
                {t('markets.inactiveTag')}
              </Typography.Text>
            )}
          </>
        ) : (
          t('markets.one')
        )
      }
      entity="subcontractor_market"
      listRoute={MARKET_LIST_ROUTE}
      {...screen.page}
      tabs={tabs}
      extra={market ? <MarketActivationButton market={market} onChanged={screen.detail.replace} /> : null}
    />
  );
}
