import { contractCreateSchema } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback, typeDate } from '../../lib/testing';
import { ContractCreateModal } from './contract-create-modal';
import { contractPayloadOf, EMPTY_CONTRACT } from './contract-form-fields';

describe('ContractCreateModal', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows every field of a contract', async () => {
    spyFeedback();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, { content: [], totalElements: 0 })),
    );
    renderRoutes([{ path: '/sst/contracts', element: <ContractCreateModal open onClose={() => undefined} /> }], '/sst/contracts');
    for (const label of [
      'Numéro de contrat',
      'Date de signature',
      'Date de début',
      'Date de fin',
      'Durée (mois)',
      'Référent acheteur (Oracle)',
    ]) {
      expect(await screen.findByLabelText(label)).toBeTruthy();
    }
  });

  it("takes and shows its dates dd/mm/yyyy, whatever the browser's language", async () => {
    spyFeedback();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, { content: [], totalElements: 0 })),
    );
    renderRoutes([{ path: '/sst/contracts', element: <ContractCreateModal open onClose={() => undefined} /> }], '/sst/contracts');
    const signature = (await screen.findByLabelText('Date de signature', { selector: 'input' })) as HTMLInputElement;
    expect(signature.getAttribute('placeholder')).not.toBe('mm/dd/yyyy');
    expect(signature.type).toBe('text');
    typeDate(signature, '15/01/2026');
    await waitFor(() => expect(signature.value).toBe('15/01/2026'));
    const end = screen.getByLabelText('Date de fin', { selector: 'input' }) as HTMLInputElement;
    typeDate(end, '31/12/2027');
    await waitFor(() => expect(end.value).toBe('31/12/2027'));
  });

  it('offers the document types of the reference list (GET /documenttype)', async () => {
    const feedback = spyFeedback();
    const profile = makeProfile();
    setAuth({
      token: 't',
      profile: { ...profile, role: { ...profile.role, rights: { ...profile.role.rights, read: ['document_type'] } } },
    });
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/api/documenttype?')
        ? reply(200, { content: [{ id: 5, name: 'Contrat', code: 'CONTRACT' }], totalElements: 1 })
        : reply(404, { error: "Cet élément n'existe pas ou ne peut pas être affiché." }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/sst/contracts', element: <ContractCreateModal open onClose={() => undefined} /> }], '/sst/contracts');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    fireEvent.mouseDown(await screen.findByLabelText('Type de document'));
    expect(await screen.findByTitle('Contrat')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([input]) => String(input)).every((url) => url.includes('/api/documenttype?'))).toBe(true);
    expect(feedback.alert).not.toHaveBeenCalled();
  });

  it('sends picked entities as ids, and the schema refuses an end before the start and a zero duration', () => {
    const values = {
      ...EMPTY_CONTRACT,
      contractNumber: 'CT-1',
      agency: { id: 3, label: 'Agence' },
      referent: { id: 4, label: 'Alice' },
      adminReferent: { id: 5, label: 'Bob' },
      parent: { id: 6, label: 'CT-0' },
      documentType: 2,
      signatureDate: '2026-01-01',
      startDate: '2026-02-01',
      endDate: '2026-01-15',
      duration: 0,
    };
    const payload = contractPayloadOf(values);
    expect(payload).toMatchObject({ agency: 3, referent: 4, adminReferent: 5, parent: 6, documentType: 2 });
    const parsed = contractCreateSchema.safeParse(payload);
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries((parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toMatchObject({
      endDate: 'La date de fin doit être postérieure à la date de début.',
      duration: 'La durée doit être un nombre entier supérieur à 0.',
    });
    expect(contractCreateSchema.safeParse({ ...payload, endDate: '2027-01-31', duration: 12 }).success).toBe(true);
  });
});
