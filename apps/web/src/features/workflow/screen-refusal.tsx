import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScreenRefusal } from './workflow.api';

/** A workflow screen the role may not open (403) or that does not exist (404), said in place. */
export function ScreenRefusalResult({ refusal }: { refusal: ScreenRefusal }) {
  const { t } = useTranslation();
  return refusal === 'forbidden' ? (
    <Result status="403" subTitle={t('rights.noRightsPage')} />
  ) : (
    <Result status="404" subTitle={t('error.notFound')} />
  );
}
