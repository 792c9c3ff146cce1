import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installResponseHandling } from './app/response-handling';
import { createAppRouter } from './app/router';
import './app/global.css';
import './lib/i18n';

// antd's locale, the query cache, antd's App (dialogs, toasts) and the dates' locale come with the shell
// (app/shell/shell-layout.tsx): the login page, the first screen, downloads none of them

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
    <RouterProvider router={router} />
  </StrictMode>,
);
