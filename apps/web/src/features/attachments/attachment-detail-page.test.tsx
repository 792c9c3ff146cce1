import {
  ATTACHMENT_CONFIRM_SEND_TO_ERP,
  ATTACHMENT_OVER_ORDERED_WARNING,
  ATTACHMENT_VALIDATED_EDIT_MESSAGE,
  ATTACHMENT_ZERO_AMOUNT_CONFIRM,
  type EntityCode,
  type RightAction,
} from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { isEditing, setEditing } from '../../lib/edit-mode';
import { renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { AttachmentDetailPage } from './attachment-detail-page';
import {
  attachmentRecord,
  callsOf,
  DRAFT,
  line,
  type ServeOptions,
  serveAttachment,
  signInWith,
  transition,
} from './attachment-test-data';

const VALIDATING = { ...DRAFT, nodeId: 22, nodeCode: 'att_validating', nodeName: 'Validation chef de projet' };
const VALIDATED = { ...DRAFT, nodeId: 24, nodeCode: 'att_validated', nodeName: 'Validé' };
const FULL: Partial<Record<RightAction, EntityCode[]>> = {
  read: ['attachement', 'order', 'subcontractor_market', 'agency', 'project', 'document'],
  update: ['attachement'],
  delete: ['attachement'],
};

function show(record = attachmentRecord(), options: ServeOptions = {}) {
  const fetchMock = serveAttachment(record, options);
  const router = renderRoutes(
    [
      { path: '/sst/attachement/:id', element: <AttachmentDetailPage /> },
      { path: '/sst/attachements', element: <p>liste des attachements</p> },
    ],
    `/sst/attachement/${record.id}`,
  );
  return { fetchMock, router };
}

describe('AttachmentDetailPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setEditing(false);
    setAuth({ token: null, profile: null });
  });

  it('shows a reader the attachment with its tabs, links and amounts, and no action', async () => {
    spyFeedback();
    signInWith({ read: ['attachement', 'order', 'subcontractor_market', 'agency', 'project'] });
    show();
    expect(await screen.findByRole('heading', { name: /Attachement AQF-M2025-2026-00001-A002/ })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Informations', 'Prestations']);
    expect(screen.getByRole('link', { name: 'AQF-M2025-2026-00001 — Raccordement lotissement' }).getAttribute('href')).toBe(
      '/sst/order/1',
    );
    expect(screen.getByRole('link', { name: 'AQF-M2025' }).getAttribute('href')).toBe('/sst/market/2');
    expect(screen.getByRole('link', { name: 'Agence de Pau' }).getAttribute('href')).toBe('/sst/agency/3');
    expect(screen.getByRole('link', { name: 'Bordeaux Métropole' }).getAttribute('href')).toBe('/project/4');
    expect(screen.getByRole('link', { name: 'Brouillon' }).getAttribute('href')).toBe('/node/21');
    expect(screen.getByText(/760,00\s€/)).toBeTruthy();
    expect(screen.queryByText('NRO-33')).toBeNull();
    for (const name of [/Modifier/, /Supprimer/, /Envoyer à Oracle/, /PDF/]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('links the statement that invoices the attachment and the one that released its RG', async () => {
    spyFeedback();
    signInWith({ read: ['attachement', 'monthly_statement'] });
    show({
      ...attachmentRecord(),
      monthlyStatement: { id: 31, date: '2026-02-28' },
      releaseStatements: [{ id: 45, date: '2027-03-31' }],
    });
    expect((await screen.findByRole('link', { name: '28/02/2026' })).getAttribute('href')).toBe('/sst/situation/31');
    expect(screen.getByRole('link', { name: '31/03/2027' }).getAttribute('href')).toBe('/sst/situation/45');
  });

  it('lists the prestations with ordered, previous cumulative, this time and cumulative quantities and warns past the ordered quantity', async () => {
    spyFeedback();
    signInWith({ read: ['attachement'] });
    show(attachmentRecord(), {
      lines: [
        line(),
        line({
          prestation: 101,
          code: 'GC02',
          orderedQuantity: '5.0',
          cumulativePreviousQuantity: '4.0',
          quantity: '2.0',
          cumulativeQuantity: '6.0',
          total: '400.00',
          lineId: 901,
          overOrdered: true,
        }),
      ],
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Prestations' }));
    const row = (await screen.findByText('GC01')).closest('tr') as HTMLElement;
    expect(within(row).getByText('20,0')).toBeTruthy();
    expect(within(row).getByText('10,0')).toBeTruthy();
    expect(within(row).getByText('8,0')).toBeTruthy();
    expect(within(row).getByText('18,0')).toBeTruthy();
    expect(screen.getByTestId('over-ordered-GC02')).toBeTruthy();
    expect(screen.queryByTestId('over-ordered-GC01')).toBeNull();
    expect(screen.getAllByText(ATTACHMENT_OVER_ORDERED_WARNING).length).toBeGreaterThan(0);
    expect(screen.getByTestId('attachment-prestations-amount').textContent).toMatch(/800,00\s€/);
    expect(screen.getByRole('button', { name: /Exporter au format BPU/ })).toBeTruthy();
  });

  it('edits the observation, the DGD flag and this time’s quantities, and saves them with the version', async () => {
    spyFeedback();
    signInWith(FULL);
    const { fetchMock } = show();
    fireEvent.click(await screen.findByRole('tab', { name: 'Prestations' }));
    await screen.findByText('GC01');
    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    const quantity = (await screen.findByLabelText('Quantité de GC01')) as HTMLInputElement;
    fireEvent.change(quantity, { target: { value: '12' } });
    // 10 before + 12 this time passes nothing (20 ordered) until 11 more
    await waitFor(() => expect(screen.getByTestId('attachment-prestations-amount').textContent).toMatch(/600,00\s€/));
    fireEvent.change(quantity, { target: { value: '11' } });
    await waitFor(() => expect(screen.getByTestId('over-ordered-GC01')).toBeTruthy());
    fireEvent.click(screen.getByRole('tab', { name: 'Informations' }));
    fireEvent.change(screen.getByLabelText('Observation'), { target: { value: 'Tranche 2 corrigée' } });
    fireEvent.click(screen.getByLabelText('DGD (décompte général définitif)'));
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(isEditing()).toBe(false));
    expect(callsOf(fetchMock, 'PUT')).toEqual([
      {
        url: '/api/attachement/5',
        body: {
          version: 3,
          observation: 'Tranche 2 corrigée',
          isDGD: true,
          prestationAttachements: [{ id: 900, prestation: 100, quantity: '11' }],
        },
      },
    ]);
  });

  it('shows no quantity of before the save while the saved lines load', async () => {
    spyFeedback();
    signInWith(FULL);
    let saved = false;
    let release = () => {};
    show(attachmentRecord(), {
      extra: (method, url) => {
        if (method === 'PUT') {
          saved = true;
        } else if (saved && url.includes('/prestations') && url.includes('onlyAttached')) {
          const lines = [line({ quantity: '11.0', cumulativeQuantity: '21.0', total: '550.00' })];
          return new Promise<Response>((resolve) => {
            release = () => resolve(reply(200, lines));
          });
        }
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Prestations' }));
    await screen.findByText('GC01');
    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    fireEvent.change(await screen.findByLabelText('Quantité de GC01'), { target: { value: '11' } });
    await waitFor(() => expect(screen.getByTestId('attachment-prestations-amount').textContent).toMatch(/550,00\s€/));
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(isEditing()).toBe(false));
    // the lines read before the save (8 this time, 400 €) are not shown again while the saved ones load
    await waitFor(() => expect(screen.queryByText('GC01')).toBeNull());
    expect(screen.queryByTestId('attachment-prestations-amount')).toBeNull();
    release();
    await waitFor(() => expect(screen.getByTestId('attachment-prestations-amount').textContent).toMatch(/550,00\s€/));
    expect(screen.queryByText(/400,00\s€/)).toBeNull();
  });

  it('offers no edit on an attachment the server says is not editable, and says why', async () => {
    spyFeedback();
    signInWith(FULL);
    show(attachmentRecord({ statusWF: VALIDATED, editable: false, editRefusal: ATTACHMENT_VALIDATED_EDIT_MESSAGE }));
    expect(await screen.findByText(ATTACHMENT_VALIDATED_EDIT_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Modifier/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Supprimer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Importer/ })).toBeNull();
  });

  it('reports the line errors of a refused import', async () => {
    spyFeedback();
    signInWith(FULL);
    show(attachmentRecord(), {
      extra: (method, url) =>
        method === 'POST' && url === '/api/attachement/5/import'
          ? reply(400, {
              error: 'Données invalides',
              errors: ['Ligne 3 : code de prestation « XX » absent du BPU de la commande.'],
            })
          : undefined,
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Prestations' }));
    const input = (await screen.findByRole('button', { name: /Importer/ })).closest('span')?.querySelector('input');
    fireEvent.change(input as HTMLInputElement, {
      target: { files: [new File(['Code;Quantité'], 'attachement.csv', { type: 'text/csv' })] },
    });
    expect(await screen.findByText('Ligne 3 : code de prestation « XX » absent du BPU de la commande.')).toBeTruthy();
  });

  it('queues a validated attachment for the ERP after the spec confirmation, and shows the PDF with the option', async () => {
    const feedback = spyFeedback();
    signInWith(FULL, { options: ['serviceorders.display_order_download_button'] });
    const { fetchMock } = show(attachmentRecord({ statusWF: VALIDATED, editable: false, canSendToOracle: true }));
    expect(await screen.findByRole('button', { name: /PDF/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Envoyer à Oracle/ }));
    await waitFor(() => expect(callsOf(fetchMock, 'POST').map((call) => call.url)).toContain('/api/oracle/attachement/5'));
    expect(feedback.confirm).toHaveBeenCalledWith({ title: 'Envoyer à Oracle', content: ATTACHMENT_CONFIRM_SEND_TO_ERP });
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith("L'attachement est en file d'attente d'envoi à Oracle."));
  });

  it('asks about a zero amount before submitting, and goes back to edit mode when cancelled', async () => {
    const feedback = spyFeedback();
    feedback.confirm.mockResolvedValueOnce(false);
    signInWith(FULL);
    const zero = attachmentRecord();
    zero.checks = { ...zero.checks, amount: '0.00', attachmentsTotal: '0.00' };
    const { fetchMock } = show(zero, {
      transitions: [transition({ name: 'Soumettre au chef de projet', toNodeCode: 'att_validating' })],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Soumettre au chef de projet' }));
    await waitFor(() =>
      expect(feedback.confirm).toHaveBeenCalledWith({ title: 'Confirmation', content: ATTACHMENT_ZERO_AMOUNT_CONFIRM }),
    );
    await waitFor(() => expect(isEditing()).toBe(true));
    expect(callsOf(fetchMock, 'POST').filter((call) => call.url.startsWith('/api/wftoken/move/'))).toEqual([]);
  });
});

describe('the project evaluation before amount validation', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setEditing(false);
    setAuth({ token: null, profile: null });
  });

  const TO_AMOUNT = transition({
    id: 33,
    name: 'Envoyer en validation du montant',
    transitionCode: 'att_to_validation',
    toNodeCode: 'att_validating_amount',
  });

  function showDue() {
    signInWith({ ...FULL, create: ['evaluation_project'] });
    return show(attachmentRecord({ statusWF: VALIDATING }), { transitions: [TO_AMOUNT], evaluationDue: true });
  }

  const moves = (fetchMock: ReturnType<typeof serveAttachment>) =>
    callsOf(fetchMock, 'POST').filter((call) => call.url.startsWith('/api/wftoken/move/'));

  async function openForm() {
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer en validation du montant' }));
    return (await screen.findByText('Évaluation du projet')).closest('.ant-modal') as HTMLElement;
  }

  function rate(modal: HTMLElement, criterion: string, stars: number) {
    fireEvent.click(within(within(modal).getByLabelText(criterion)).getAllByRole('radio')[stars - 1] as HTMLElement);
  }

  it('submits the three ratings to the order, then moves', async () => {
    spyFeedback();
    const { fetchMock } = showDue();
    const modal = await openForm();
    rate(modal, 'Qualité', 4);
    rate(modal, 'Réactivité', 2);
    rate(modal, 'Technique', 5);
    fireEvent.click(within(modal).getByRole('button', { name: 'Valider' }));
    expect(await within(modal).findByText('Un commentaire est obligatoire pour une note inférieure à 3 étoiles.')).toBeTruthy();
    expect(moves(fetchMock)).toEqual([]);
    fireEvent.change(within(modal).getByLabelText('Commentaire'), { target: { value: 'Relances nécessaires' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(moves(fetchMock)).toHaveLength(1));
    expect(callsOf(fetchMock, 'POST').find((call) => call.url === '/api/evaluation/project/1')?.body).toEqual({
      quality: 4,
      reactivity: 2,
      technic: 5,
      comment: 'Relances nécessaires',
      attachement: 5,
    });
    expect(moves(fetchMock)[0]?.url).toBe('/api/wftoken/move/40/33');
  });

  it('skips the evaluation, then moves', async () => {
    spyFeedback();
    const { fetchMock } = showDue();
    const modal = await openForm();
    fireEvent.click(within(modal).getByRole('button', { name: 'Passer' }));
    await waitFor(() => expect(moves(fetchMock)).toHaveLength(1));
    expect(callsOf(fetchMock, 'POST').find((call) => call.url === '/api/evaluation/project/1/skip')?.body).toEqual({
      attachement: 5,
    });
    expect(callsOf(fetchMock, 'POST').some((call) => call.url === '/api/evaluation/project/1')).toBe(false);
  });

  it('cancels the evaluation and the move with it', async () => {
    spyFeedback();
    const { fetchMock } = showDue();
    const modal = await openForm();
    fireEvent.click(within(modal).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByText('Évaluation du projet')).toBeNull());
    expect(moves(fetchMock)).toEqual([]);
    expect(callsOf(fetchMock, 'POST').filter((call) => call.url.startsWith('/api/evaluation/'))).toEqual([]);
  });
});
