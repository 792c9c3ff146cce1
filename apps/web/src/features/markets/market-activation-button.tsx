import { MARKET_CONFIRM_ACTIVATE, MARKET_CONFIRM_DEACTIVATE, type MarketRecord } from '@isf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listQueryKey } from '../../components/data-table/use-list-controller';
import { useAuth } from '../../lib/auth-store';
import { useEditMode } from '../../lib/edit-mode';
import { getFeedback } from '../../lib/feedback';
import { MARKET_ACTIVE_PATH, MARKET_LIST_PATH } from '../../lib/list-paths';
import { setMarketActive } from './markets.api';

/**
 * Deactivate / Activate (spec 2 §4): with the option subcontractor_markets.deactivate_markets,
 * deactivation only for an active market that canBeDeactivated, both after a confirmation.
 */
export function MarketActivationButton({
  market,
  onChanged,
}: {
  market: MarketRecord;
  onChanged: (market: MarketRecord) => void;
}) {
  const { t } = useTranslation();
  const { hasOption } = useAuth();
  const editing = useEditMode();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!hasOption('subcontractor_markets.deactivate_markets')) {
    return null;
  }
  const activate = !market.active;
  if (!activate && !market.canBeDeactivated) {
    return null;
  }
  const run = async () => {
    const confirmed = await getFeedback().confirm({ content: activate ? MARKET_CONFIRM_ACTIVATE : MARKET_CONFIRM_DEACTIVATE });
    if (!confirmed) {
      return;
    }
    setBusy(true);
    try {
      onChanged(await setMarketActive(market.id, activate));
      for (const path of [MARKET_LIST_PATH, MARKET_ACTIVE_PATH]) {
        void queryClient.invalidateQueries({ queryKey: listQueryKey(path) });
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button danger={!activate} loading={busy} disabled={editing} onClick={() => void run()}>
      {activate ? t('markets.activate') : t('markets.deactivate')}
    </Button>
  );
}
