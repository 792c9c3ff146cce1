import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/fr';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { FeedbackBridge } from './app/feedback-bridge';
import { installResponseHandling } from './app/response-handling';
import { createAppRouter } from './app/router';
import { LOCALE } from './lib/i18n';
import { queryClient } from './lib/query-client';
import './app/global.css';

dayjs.locale(LOCALE === 'en' ? 'en-gb' : 'fr');

const router = createAppRouter();
installResponseHandling({
  navigate: (path) => {
    void router.navigate(path, { replace: true });
  },
});

const container = document.getElementById('root');
if (!container) {
  throw new Error('#root is missing from index.html');
}

createRoot(container).render(
  <StrictMode>
    <ConfigProvider locale={LOCALE === 'en' ? enGB : frFR}>
      <QueryClientProvider client={queryClient}>
        <AntApp>
          <FeedbackBridge />
          <RouterProvider router={router} />
        </AntApp>
      </QueryClientProvider>
    </ConfigProvider>
  </StrictMode>,
);
