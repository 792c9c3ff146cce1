import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Blocker, type BlockerFunction, useBlocker } from 'react-router';
import { getAuth } from '../lib/auth-store';
import { isEditing, setEditing } from '../lib/edit-mode';
import { getFeedback } from '../lib/feedback';
import { canOpenPath } from './route-access';

type BlockReason = 'forbidden' | 'editing';

/** Why a navigation must wait, or null when it may go on (spec 1 §2 rules before any navigation). */
export function blockReason(nextPathname: string, currentPathname: string): BlockReason | null {
  const { token, profile } = getAuth();
  if (token && profile && !canOpenPath(profile, nextPathname)) {
    return 'forbidden';
  }
  if (isEditing() && nextPathname !== currentPathname) {
    return 'editing';
  }
  return null;
}

/**
 * Cancels in-app navigations to a route without the read right, and asks before leaving a screen in
 * edit mode. The router allows one blocker, so both rules live here.
 */
export function NavigationGuard() {
  const { t } = useTranslation();
  const reason = useRef<BlockReason | null>(null);
  const handled = useRef<Blocker | null>(null);
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    reason.current = blockReason(nextLocation.pathname, currentLocation.pathname);
    return reason.current !== null;
  }, []);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked' || handled.current === blocker) {
      return;
    }
    handled.current = blocker;
    const feedback = getFeedback();
    if (reason.current === 'forbidden') {
      feedback.alert({ title: t('rights.accessNotGranted') });
      blocker.reset();
      return;
    }
    void feedback.confirm({ content: t('confirm.leaveEdit') }).then((leave) => {
      if (leave) {
        setEditing(false);
        blocker.proceed();
      } else {
        blocker.reset();
      }
    });
  }, [blocker, t]);

  return null;
}
