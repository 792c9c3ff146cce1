import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { getAuth, readStoredAuth, setAuth } from '../lib/auth-store';
import { getFeedback } from '../lib/feedback';
import { queryClient } from '../lib/query-client';
import { loadProfile } from '../lib/session';

let asking = false;

/**
 * Spec 1 §2: when the active profile stored by the browser is no longer the one this screen runs under
 * (another tab switched profile), the user chooses which one to keep and the session is re-checked.
 */
export function ProfileCheck() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the check runs again on every navigation (spec 1 §2).
  useEffect(() => {
    const { profile } = getAuth();
    const stored = readStoredAuth();
    if (asking || !profile || !stored.activeProfile || stored.activeProfile === profile.uid) {
      return;
    }
    asking = true;
    void getFeedback()
      .confirm({
        title: t('shell.profile.keepTitle'),
        content: t('shell.profile.keep', { role: profile.role.name }),
        okText: t('shell.profile.keepOk'),
        cancelText: t('shell.profile.keepCancel'),
      })
      .then(async (keep) => {
        if (keep) {
          setAuth({ activeProfile: profile.uid });
        } else {
          setAuth({ token: stored.token, profile: stored.profile, activeProfile: stored.activeProfile });
          queryClient.clear();
        }
        await loadProfile();
        if (!keep) {
          await navigate('/');
        }
      })
      // The global response handling has already told the user why the re-check failed.
      .catch(() => undefined)
      .finally(() => {
        asking = false;
      });
  }, [location.key, navigate, t]);

  return null;
}
