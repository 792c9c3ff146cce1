import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PopupContent } from './popup-content';

export type PopupDialogProps = {
  /** The popup shown, or null for none. */
  popup: { id?: number; title: string; content: string } | null;
  /** Where it stands in a sequence (1-based), shown when there are several. */
  position?: { index: number; count: number };
  onClose: () => void;
};

/**
 * A popup as its users see it (also the editor's preview): closed only on purpose, with the Close button,
 * the cross or Escape, never by a click beside it.
 */
export function PopupDialog({ popup, position, onClose }: PopupDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      key={popup?.id ?? 'preview'}
      open={popup !== null}
      title={popup?.title || t('popups.untitled')}
      width={640}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={onClose}
      footer={
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography.Text type="secondary">
            {position && position.count > 1 ? t('popups.position', { index: position.index, count: position.count }) : null}
          </Typography.Text>
          <Button type="primary" onClick={onClose}>
            {t('popups.close')}
          </Button>
        </div>
      }
    >
      {popup ? <PopupContent text={popup.content} /> : null}
    </Modal>
  );
}
