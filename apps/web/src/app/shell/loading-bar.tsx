import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onLoadingChange } from '../../lib/api-client';

const SHOW_AFTER_MS = 150;

/** A thin progress bar while API calls are pending (spec 1 §7 loading counter); quick calls do not flash it. */
export function LoadingBar() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = onLoadingChange((count) => {
      clearTimeout(timer);
      if (count > 0) {
        timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
      } else {
        setVisible(false);
      }
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);

  if (!visible) {
    return null;
  }
  return <div className="isf-loading-bar" role="progressbar" aria-label={t('shell.loading')} />;
}
