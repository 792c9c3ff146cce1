import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { SignatureSendModal } from './signature-send-modal';
import { SignatureStatusAlert } from './signature-status';

/** The modal for envelope 12, the provider's reply to the send being `answer`. */
function showModal(answer: () => Response) {
  const sends: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/document/signature/email')) {
        sends.push(JSON.parse(String(init?.body)));
        return answer();
      }
      return reply(404, { error: 'inconnu' });
    }),
  );
  const onSent = vi.fn();
  const onClose = vi.fn();
  renderRoutes(
    [{ path: '/', element: <SignatureSendModal target={{ envelopeId: 12 }} open onClose={onClose} onSent={onSent} /> }],
    '/',
  );
  return { sends, onSent, onClose };
}

const sendButton = () => screen.getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement;

/** Both signers' fields filled, positions left manual. */
function fillSigners() {
  for (const [index, name, email, phone] of [
    ['1', 'Sacha Sous-traitant', 'sacha@example.com', '0612345678'],
    ['2', 'Alex Acheteur', 'alex@example.com', '0698765432'],
  ]) {
    fireEvent.change(screen.getByLabelText(`Signataire ${index} – Nom`), { target: { value: name } });
    fireEvent.change(screen.getByLabelText(`Signataire ${index} – E-mail`), { target: { value: email } });
    fireEvent.change(screen.getByLabelText(`Signataire ${index} – Téléphone`), { target: { value: phone } });
  }
}

describe('SignatureSendModal', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends two complete signers (+33 by default, no anchor for a manual position) and closes on "sent"', async () => {
    const feedback = spyFeedback();
    const { sends, onSent, onClose } = showModal(() => reply(200, { success: 'sent' }));
    expect(((await screen.findByLabelText('Signataire 1 – Indicatif')) as HTMLInputElement).value).toBe('+33');
    expect(sendButton().disabled).toBe(true);
    fillSigners();
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.click(sendButton());
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
    expect(feedback.success).toHaveBeenCalledWith('Envoyé à la signature : les signataires reçoivent un e-mail.');
    expect(sends).toEqual([
      {
        envelopeId: 12,
        signers: [
          {
            name: 'Sacha Sous-traitant',
            email: 'sacha@example.com',
            phoneCountryCode: '+33',
            phoneNumber: '0612345678',
            anchorRequired: false,
            anchorString: null,
          },
          {
            name: 'Alex Acheteur',
            email: 'alex@example.com',
            phoneCountryCode: '+33',
            phoneNumber: '0698765432',
            anchorRequired: false,
            anchorString: null,
          },
        ],
      },
    ]);
  });

  it('holds Send while two automatic positions share their anchor string, with the spec text', async () => {
    spyFeedback();
    showModal(() => reply(200, { success: 'sent' }));
    await screen.findByLabelText('Signataire 1 – Nom');
    fillSigners();
    for (const radio of screen.getAllByLabelText('Automatique')) {
      fireEvent.click(radio);
    }
    expect((screen.getByLabelText('Signataire 1 – Texte repère') as HTMLInputElement).value).toBe('key1');
    expect((screen.getByLabelText('Signataire 2 – Texte repère') as HTMLInputElement).value).toBe('key2');
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.change(screen.getByLabelText('Signataire 2 – Texte repère'), { target: { value: 'key1' } });
    expect(await screen.findByText('anchor strings should be different')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
  });

  it('says "Erreur d\'envoi à la signature" when the send fails, and stays open', async () => {
    const feedback = spyFeedback();
    const { onSent, onClose } = showModal(() => reply(502, { error: 'Le service de signature ne répond pas.' }));
    await screen.findByLabelText('Signataire 1 – Nom');
    fillSigners();
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.click(sendButton());
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith("Erreur d'envoi à la signature"));
    expect(onSent).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('warns of another reply than "sent", and stays open', async () => {
    const feedback = spyFeedback();
    const { onSent } = showModal(() => reply(200, { success: 'queued' }));
    await screen.findByLabelText('Signataire 1 – Nom');
    fillSigners();
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.click(sendButton());
    await waitFor(() => expect(feedback.warning).toHaveBeenCalledWith('Réponse inattendue du service de signature : queued'));
    expect(feedback.error).not.toHaveBeenCalled();
    expect(onSent).not.toHaveBeenCalled();
  });
});

describe('SignatureStatusAlert', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('tells its owner once when an ongoing request is seen signed (the envelope reads its documents again)', async () => {
    spyFeedback();
    let asked = 0;
    const request = (status: string) => ({
      id: 4,
      status,
      reason: null,
      signers: [{ name: 'Sacha Sous-traitant', email: 'sacha@example.com' }],
      createdAt: '2026-11-27T10:00:00Z',
      completedAt: status === 'done' ? '2026-11-27T10:05:00Z' : null,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        asked += 1;
        return reply(200, { request: request(asked === 1 ? 'ongoing' : 'done') });
      }),
    );
    const onSettled = vi.fn();
    renderRoutes([{ path: '/', element: <SignatureStatusAlert target={{ envelopeId: 12 }} onSettled={onSettled} /> }], '/');
    expect(await screen.findByText('Signature électronique : En cours de signature')).toBeTruthy();
    expect(onSettled).not.toHaveBeenCalled();
    expect(await screen.findByText('Signature électronique : Signée', {}, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1));
  });

  it('shows a declined request with its signers and its reason', async () => {
    spyFeedback();
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) =>
      reply(200, {
        request: {
          id: 3,
          status: 'declined',
          reason: 'Montant erroné en annexe 2',
          signers: [
            { name: 'Sacha Sous-traitant', email: 'sacha@example.com' },
            { name: 'Alex Acheteur', email: 'alex@example.com' },
          ],
          createdAt: '2026-11-27T10:00:00Z',
          completedAt: '2026-11-27T10:05:00Z',
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/', element: <SignatureStatusAlert target={{ envelopeId: 12 }} /> }], '/');
    expect(await screen.findByText('Signature électronique : Refusée par un signataire')).toBeTruthy();
    expect(screen.getByText('Signataires : Sacha Sous-traitant, Alex Acheteur')).toBeTruthy();
    expect(screen.getByText('Motif : Montant erroné en annexe 2')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/envelope/12/signature');
  });
});
