import { CheckCircleFilled, CloseCircleFilled, FolderFilled, FolderOpenOutlined, WarningFilled } from '@ant-design/icons';
import { Space, theme } from 'antd';
import type { ComponentType, CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgencyStatus } from './agencies.api';

type Tone = 'success' | 'warning' | 'error';
type IconComponent = ComponentType<{ role: string; 'aria-label': string; title: string; style: CSSProperties }>;

/** An icon that says what it means to screen readers and on hover, coloured by the theme's tone. */
export function LabelledIcon({ icon: Icon, label, tone }: { icon: IconComponent; label: string; tone: Tone }) {
  const { token } = theme.useToken();
  const colors: Record<Tone, string> = { success: token.colorSuccess, warning: token.colorWarning, error: token.colorError };
  return <Icon role="img" aria-label={label} title={label} style={{ fontSize: 16, color: colors[tone] }} />;
}

const STATUS_ICONS: Record<AgencyStatus, { icon: IconComponent; tone: Tone }> = {
  1: { icon: CheckCircleFilled, tone: 'success' },
  2: { icon: WarningFilled, tone: 'warning' },
  3: { icon: CloseCircleFilled, tone: 'error' },
};

/** Agency status (spec 3 Agency detail): 1 green check, 2 warning, 3 error. */
export function AgencyStatusIcon({ status }: { status: AgencyStatus }) {
  const { t } = useTranslation();
  const { icon, tone } = STATUS_ICONS[status];
  return <LabelledIcon icon={icon} tone={tone} label={t(`agencies.status${status}`)} />;
}

/** A folder icon saying whether the agency's administrative documents are complete. */
export function DocumentsCompletedIcon({ completed }: { completed: boolean }) {
  const { t } = useTranslation();
  return completed ? (
    <LabelledIcon icon={FolderFilled} tone="success" label={t('agencies.documentsComplete')} />
  ) : (
    <LabelledIcon icon={FolderOpenOutlined} tone="error" label={t('agencies.documentsIncomplete')} />
  );
}

/** The status icon followed by its words. */
export function AgencyStatusLabel({ status }: { status: AgencyStatus }) {
  const { t } = useTranslation();
  return (
    <Space size={6}>
      <AgencyStatusIcon status={status} />
      {t(`agencies.status${status}`)}
    </Space>
  );
}

/** The folder icon followed by its words. */
export function DocumentsCompletedLabel({ completed }: { completed: boolean }) {
  const { t } = useTranslation();
  return (
    <Space size={6}>
      <DocumentsCompletedIcon completed={completed} />
      {completed ? t('agencies.documentsComplete') : t('agencies.documentsIncomplete')}
    </Space>
  );
}
