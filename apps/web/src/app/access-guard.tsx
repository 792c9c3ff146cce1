import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../lib/auth-store';
import { getFeedback } from '../lib/feedback';
import { canOpenPath } from './route-access';

let alertedFor: string | null = null;

/**
 * The access rule for locations the navigation blocker never sees: the first load of a URL and an
 * address typed by hand. The user goes back to the last screen they could open (home on a first load).
 */
export function AccessGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { profile } = useAuth();
  const allowed = canOpenPath(profile, location.pathname);
  const lastAllowed = useRef<string | null>(null);

  useEffect(() => {
    if (allowed) {
      lastAllowed.current = `${location.pathname}${location.search}`;
    } else if (alertedFor !== location.key) {
      alertedFor = location.key;
      getFeedback().alert({ title: t('rights.accessNotGranted') });
    }
  }, [allowed, location.key, location.pathname, location.search, t]);

  if (!allowed) {
    return <Navigate to={lastAllowed.current ?? '/'} replace />;
  }
  return children;
}
