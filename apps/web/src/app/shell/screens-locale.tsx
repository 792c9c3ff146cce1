import { ConfigProvider } from 'antd';
import enGB from 'antd/es/locale/en_GB';
import frFR from 'antd/es/locale/fr_FR';
import type { ReactNode } from 'react';
import '../dates-locale';

/**
 * antd's own texts (empty tables and selects, pagination, date pickers, uploads, dialog buttons) and the
 * dates in the build's locale, for every screen of the shell. Only the build's locale is bundled:
 * `__ISF_LOCALE__` is a literal at build time.
 */
export function ScreensLocale({ children }: { children: ReactNode }) {
  return <ConfigProvider locale={__ISF_LOCALE__ === 'en' ? enGB : frFR}>{children}</ConfigProvider>;
}
