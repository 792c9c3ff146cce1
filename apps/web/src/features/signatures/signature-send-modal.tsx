import {
  anchorsProblem,
  DEFAULT_ANCHOR_STRINGS,
  DEFAULT_PHONE_COUNTRY_CODE,
  SIGNATURE_SEND_ERROR_MESSAGE,
  SIGNATURE_SENT,
  SIGNERS_COUNT,
  type SignerInput,
} from '@isf/contract';
import { Alert, Card, Col, Form, Input, Radio, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SendModal, useSending } from '../../components/form/send-modal';
import { ApiError } from '../../lib/api-client';
import { getFeedback } from '../../lib/feedback';
import { type SignatureTarget, sendForSignature } from './signatures.api';

type SignerForm = Required<Omit<SignerInput, 'anchorString'>> & { anchorString: string };

const blankSigner = (index: number): SignerForm => ({
  name: '',
  email: '',
  phoneCountryCode: DEFAULT_PHONE_COUNTRY_CODE,
  phoneNumber: '',
  anchorRequired: false,
  anchorString: DEFAULT_ANCHOR_STRINGS[index] ?? '',
});

/** Every field of both signers filled (spec 2 §5), the anchor string when the position is automatic. */
function complete(signer: SignerForm): boolean {
  return (
    [signer.name, signer.email, signer.phoneCountryCode, signer.phoneNumber].every((value) => value.trim() !== '') &&
    (!signer.anchorRequired || signer.anchorString.trim() !== '')
  );
}

function SignerFields({ index, signer, onChange }: { index: number; signer: SignerForm; onChange: (next: SignerForm) => void }) {
  const { t } = useTranslation();
  const field = (key: keyof SignerForm) => `${t('signature.signer', { index: index + 1 })} – ${t(`signature.${key}`)}`;
  const set = (patch: Partial<SignerForm>) => onChange({ ...signer, ...patch });
  return (
    <Card size="small" title={t('signature.signer', { index: index + 1 })}>
      <Form.Item label={t('signature.name')} required>
        <Input aria-label={field('name')} value={signer.name} onChange={(event) => set({ name: event.target.value })} />
      </Form.Item>
      <Form.Item label={t('signature.email')} required>
        <Input
          aria-label={field('email')}
          type="email"
          value={signer.email}
          onChange={(event) => set({ email: event.target.value })}
        />
      </Form.Item>
      <Row gutter={8}>
        <Col span={8}>
          <Form.Item label={t('signature.phoneCountryCode')} required>
            <Input
              aria-label={field('phoneCountryCode')}
              value={signer.phoneCountryCode}
              onChange={(event) => set({ phoneCountryCode: event.target.value })}
            />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item label={t('signature.phoneNumber')} required>
            <Input
              aria-label={field('phoneNumber')}
              value={signer.phoneNumber}
              onChange={(event) => set({ phoneNumber: event.target.value })}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('signature.position')}>
        <Radio.Group
          aria-label={field('position' as keyof SignerForm)}
          value={signer.anchorRequired ? 'automatic' : 'manual'}
          onChange={(event) => set({ anchorRequired: event.target.value === 'automatic' })}
          options={[
            { value: 'manual', label: t('signature.manual') },
            { value: 'automatic', label: t('signature.automatic') },
          ]}
        />
      </Form.Item>
      {signer.anchorRequired ? (
        <Form.Item label={t('signature.anchorString')} required>
          <Input
            aria-label={field('anchorString')}
            value={signer.anchorString}
            onChange={(event) => set({ anchorString: event.target.value })}
          />
        </Form.Item>
      ) : null}
    </Card>
  );
}

/**
 * Send to signature (spec 2 §5, §8): exactly two signers with all their fields; an automatic position needs
 * its anchor string, and two automatic anchors must differ. The reply `sent` closes the modal; another reply
 * is a warning; a failure the toast "Erreur d'envoi à la signature".
 */
export function SignatureSendModal({
  target,
  open,
  onClose,
  onSent,
}: {
  target: SignatureTarget;
  open: boolean;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const [signers, setSigners] = useState<SignerForm[]>(() =>
    Array.from({ length: SIGNERS_COUNT }, (_, index) => blankSigner(index)),
  );
  const { sending, run } = useSending();
  const anchors = anchorsProblem(signers);
  const ready = signers.every(complete) && anchors === null;

  const send = () => {
    const feedback = getFeedback();
    return run(
      async () => {
        const reply = await sendForSignature({
          ...target,
          signers: signers.map((signer) => ({ ...signer, anchorString: signer.anchorRequired ? signer.anchorString : null })),
        });
        if (reply.success === SIGNATURE_SENT) {
          feedback.success(t('signature.sent'));
          setSigners(Array.from({ length: SIGNERS_COUNT }, (_, index) => blankSigner(index)));
          onSent();
          onClose();
        } else {
          feedback.warning(t('signature.unexpectedReply', { reply: String(reply.success) }));
        }
      },
      (error) => {
        const detail = error instanceof ApiError && error.status === 400 ? error.body?.detail : null;
        feedback.error(detail ? `${SIGNATURE_SEND_ERROR_MESSAGE} : ${detail}` : SIGNATURE_SEND_ERROR_MESSAGE);
      },
    );
  };

  return (
    <SendModal
      open={open}
      onClose={onClose}
      width={760}
      title={t('signature.title')}
      okText={t('signature.send')}
      disabled={!ready}
      sending={sending}
      onSend={send}
    >
      <Row gutter={12}>
        {signers.map((signer, index) => (
          <Col span={12} key={DEFAULT_ANCHOR_STRINGS[index] ?? index}>
            <SignerFields
              index={index}
              signer={signer}
              onChange={(next) => setSigners(signers.map((current, position) => (position === index ? next : current)))}
            />
          </Col>
        ))}
      </Row>
      {anchors ? <Alert type="warning" showIcon title={anchors} style={{ marginTop: 12 }} /> : null}
    </SendModal>
  );
}
