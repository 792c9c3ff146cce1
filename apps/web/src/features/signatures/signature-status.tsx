import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSignature, signatureQueryKey } from './signatures.api';

const TYPES = { ongoing: 'info', done: 'success', declined: 'error', expired: 'warning' } as const;

/**
 * The last signature request of an envelope or a document: its state, its signers, and why it was
 * declined or expired. Asked again every 5 s while the signers have not finished; `onSettled` is called when
 * it is seen to finish (the owner reads its documents again: the signed copy has joined them).
 */
export function SignatureStatusAlert({
  target,
  onSettled,
}: {
  target: { envelopeId: number } | { documentId: number };
  onSettled?: () => void;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: signatureQueryKey(target),
    queryFn: () => fetchSignature(target),
    staleTime: 0,
    refetchInterval: (current) => (current.state.data?.request?.status === 'ongoing' ? 5_000 : false),
  });
  const request = query.data?.request;
  const status = request?.status;
  const seen = useRef(status);
  useEffect(() => {
    if (seen.current === 'ongoing' && status !== undefined && status !== 'ongoing') {
      onSettled?.();
    }
    seen.current = status;
  }, [status, onSettled]);
  if (!request) {
    return null;
  }
  const names = request.signers.map((signer) => signer.name).join(', ');
  return (
    <Alert
      type={TYPES[request.status]}
      showIcon
      title={`${t('signature.status')} : ${t(`signature.status.${request.status}`)}`}
      description={
        <>
          <div>{t('signature.signers', { names })}</div>
          {request.reason ? <div>{t('signature.reason', { reason: request.reason })}</div> : null}
        </>
      }
    />
  );
}
