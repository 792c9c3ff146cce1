import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Any route the app does not know (yet). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('shell.notFound.title')}
      subTitle={t('shell.notFound.text')}
      extra={
        <Link to="/">
          <Button type="primary">{t('shell.notFound.back')}</Button>
        </Link>
      }
    />
  );
}
