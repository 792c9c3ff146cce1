import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/** A date and time of the popup screens, or nothing when there is none. */
export function PopupDate({ value }: { value: string | null | undefined }) {
  return value ? <span>{dayjs(value).format(DATE_TIME_FORMAT)}</span> : null;
}

export function PopupActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return <Tag color={active ? 'green' : 'default'}>{active ? t('popups.activeYes') : t('popups.activeNo')}</Tag>;
}
