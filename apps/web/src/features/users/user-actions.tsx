import { StopOutlined, SwapOutlined, UndoOutlined } from '@ant-design/icons';
import { PERIMETER_CHANGED_MESSAGE } from '@isf/contract';
import { Button, Form, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerValue } from '../../components/picker/picker';
import { UserPicker } from '../../components/pickers/user-picker';
import { useAuth } from '../../lib/auth-store';
import { useEditMode } from '../../lib/edit-mode';
import { getFeedback } from '../../lib/feedback';
import { RenameFromOracleButton } from '../oracle-configurations';
import { changePerimeter, deactivateUser, reactivateUser, type UserRecord } from './users.api';

type UserActionsProps = {
  user: UserRecord;
  /** Called after the user was deactivated or reactivated. */
  onChanged: () => Promise<void>;
};

/** Runs a call the response handling already reports on failure. */
async function quietly(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch {
    // reported by the response handling
  }
}

/**
 * The header actions of a user: deactivate (only an active user), reactivate (only an inactive one),
 * change perimeter (update right on user) and rename from Oracle, each out of edit mode.
 */
export function UserActions({ user, onChanged }: UserActionsProps) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const editing = useEditMode();
  const [perimeterOpen, setPerimeterOpen] = useState(false);
  const [target, setTarget] = useState<PickerValue | null>(null);
  const [moving, setMoving] = useState(false);
  if (editing) {
    return null;
  }

  const deactivate = async () => {
    if (await getFeedback().confirm({ content: t('confirm.userDeactivate') })) {
      await quietly(async () => (await deactivateUser(user.id)).success && (await onChanged()));
    }
  };

  const reactivate = async () => {
    if (await getFeedback().confirm({ content: t('confirm.reactivate') })) {
      await quietly(async () => (await reactivateUser(user.id)).success && (await onChanged()));
    }
  };

  const movePerimeter = async () => {
    if (!target) {
      return;
    }
    setMoving(true);
    await quietly(async () => {
      const reply = await changePerimeter(user.id, target.id);
      if (reply.success) {
        getFeedback().success(reply.message ?? PERIMETER_CHANGED_MESSAGE);
        setPerimeterOpen(false);
        setTarget(null);
      }
    });
    setMoving(false);
  };

  return (
    <Space size={8}>
      {can('user', 'update') ? (
        <Button icon={<SwapOutlined />} onClick={() => setPerimeterOpen(true)}>
          {t('users.perimeter')}
        </Button>
      ) : null}
      <RenameFromOracleButton user={user} onRenamed={onChanged} />
      {user.editable && user.active && can('user', 'delete') ? (
        <Button danger icon={<StopOutlined />} onClick={() => void deactivate()}>
          {t('users.deactivate')}
        </Button>
      ) : null}
      {user.editable && !user.active && can('user', 'update') ? (
        <Button icon={<UndoOutlined />} onClick={() => void reactivate()}>
          {t('users.reactivate')}
        </Button>
      ) : null}
      <Modal
        open={perimeterOpen}
        title={t('users.perimeterTitle', { name: user.name })}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: target === null }}
        confirmLoading={moving}
        destroyOnHidden
        onOk={() => void movePerimeter()}
        onCancel={() => setPerimeterOpen(false)}
      >
        <p>{t('users.perimeterHelp')}</p>
        <Form layout="vertical">
          <Form.Item label={t('users.perimeterTarget')} required>
            <UserPicker value={target} onChange={setTarget} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
