import { POPUP_CONTENT_MAX, type PopupRecord, popupCreateSchema } from '@isf/contract';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../components/form/schema-rules';
import { TrimmedInput } from '../../components/form/trimmed-input';

export type PopupFormValues = { title: string; content: string; active: boolean };

export const EMPTY_POPUP: PopupFormValues = { title: '', content: '', active: true };

export function popupFormValuesOf(popup: PopupRecord): PopupFormValues {
  return { title: popup.title, content: popup.content, active: popup.active };
}

/** The Content tab's fields (spec 3 §3 Popup notification): title (required), active flag, Markdown content. */
export function PopupContentFields() {
  const { t } = useTranslation();
  const shape = popupCreateSchema.shape;
  return (
    <>
      <Form.Item name="title" label={t('popups.fields.title')} required rules={[schemaRule(shape.title, t)]}>
        <TrimmedInput maxLength={255} />
      </Form.Item>
      <Form.Item name="active" label={t('popups.fields.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('popups.fields.content')}
        extra={t('popups.contentHelp')}
        rules={[schemaRule(shape.content, t)]}
      >
        <Input.TextArea rows={12} maxLength={POPUP_CONTENT_MAX} showCount />
      </Form.Item>
    </>
  );
}
