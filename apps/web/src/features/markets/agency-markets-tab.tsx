import type { MarketRow } from '@isf/contract';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/data-table';
import { useListController } from '../../components/data-table/use-list-controller';
import { useAuth } from '../../lib/auth-store';
import { useEditMode } from '../../lib/edit-mode';
import { getFeedback } from '../../lib/feedback';
import { useMarketColumns } from './market-columns';
import { agencyMarketsPath, enableAllEvaluations } from './markets.api';

/**
 * The agency's Contractor agreement tab (spec 3 Agency detail): its markets with links, and the action
 * that enables or disables the evaluation of all of them (update right on markets).
 */
export function AgencyMarketsTab({ agencyId }: { agencyId: number }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const editing = useEditMode();
  const [busy, setBusy] = useState<boolean | null>(null);
  const path = agencyMarketsPath(agencyId);
  const controller = useListController<MarketRow>({ listName: `agency-markets-${agencyId}`, path });
  const columns = useMarketColumns({ withAgency: false });

  const setAll = async (toEvaluate: boolean) => {
    const feedback = getFeedback();
    const confirmed = await feedback.confirm({
      content: toEvaluate ? t('markets.enableAllConfirm') : t('markets.disableAllConfirm'),
    });
    if (!confirmed) {
      return;
    }
    setBusy(toEvaluate);
    try {
      const reply = await enableAllEvaluations(agencyId, toEvaluate);
      if (reply.success) {
        feedback.success(t('markets.evaluationsChanged', { count: reply.count }));
        controller.refetch();
      }
    } finally {
      setBusy(null);
    }
  };

  const actions = can('subcontractor_market', 'update') ? (
    <Space>
      <Button loading={busy === true} disabled={editing} onClick={() => void setAll(true)}>
        {t('markets.enableAllEvaluations')}
      </Button>
      <Button loading={busy === false} disabled={editing} onClick={() => void setAll(false)}>
        {t('markets.disableAllEvaluations')}
      </Button>
    </Space>
  ) : null;

  return <DataTable controller={controller} columns={columns} toolbar={actions} />;
}
