import { erpSending } from '@isf/contract';
import { useEffect, useRef } from 'react';

/** How often a detail whose send runs is read again. */
export const ERP_FOLLOW_UP_MS = 2_000;

/**
 * While a send to the ERP runs (CREATED or PROCESSING), the detail is read again every 2 s so that it
 * shows the outcome (SUCCESS with the ERP id, or the error); not while the user edits.
 */
export function useErpSendFollowUp(oracleStatus: string | undefined, editing: boolean, reload: () => Promise<void>) {
  const running = oracleStatus !== undefined && erpSending(oracleStatus) && !editing;
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    if (!running) {
      return undefined;
    }
    const timer = setInterval(() => {
      void latest.current();
    }, ERP_FOLLOW_UP_MS);
    return () => clearInterval(timer);
  }, [running]);
}
