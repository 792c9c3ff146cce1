import { PRODUCT_NAME } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../lib/api-client';
import { CLIENT_BUILD_LABEL } from '../../lib/build-label';

/** The server's own error text, unless what answered was not the API (a proxy's HTML page, say). */
function serverErrorText(error: Error): string | undefined {
  const text = error instanceof ApiError ? (error.body?.error ?? error.body?.detail) : undefined;
  return text && text.length <= 200 && !text.includes('<') ? text : undefined;
}

/** Product name, client version and API version, or why the API could not be reached (spec 1 §2, §8). */
export function AppFooter() {
  const { t } = useTranslation();
  const version = useQuery({
    queryKey: ['api-version'],
    queryFn: () => api.get<string>('/version', { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });

  let apiText: string;
  if (version.isPending) {
    apiText = t('shell.footer.apiLoading');
  } else if (version.isError) {
    apiText = serverErrorText(version.error) ?? t('error.apiNotAvailable');
  } else {
    apiText = t('shell.footer.api', { version: version.data });
  }

  return (
    <Layout.Footer className="isf-footer">
      <span className="isf-footer-product">{PRODUCT_NAME}</span>
      <span>{t('shell.footer.client', { version: CLIENT_BUILD_LABEL })}</span>
      <span className={version.isError ? 'isf-footer-error' : undefined}>{apiText}</span>
    </Layout.Footer>
  );
}
