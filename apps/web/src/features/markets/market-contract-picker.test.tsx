import type { MarketRecord } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { MarketCreateModal } from './market-create-modal';
import { EMPTY_MARKET, MarketFormFields, marketFormValuesOf } from './market-form-fields';

const AGENCY = { id: 3, name: 'Agence Sud', companyName: 'Sud Télécom' };
const OTHER_AGENCY = { id: 4, name: 'Agence Nord', companyName: 'Nord Télécom' };
const OWN_CONTRACT = {
  id: 70,
  contractNumber: 'CT-SUD-70',
  agencyId: 3,
  agencyName: 'Agence Sud',
  startDate: '2026-01-01',
  endDate: '2027-12-31',
};
const OTHER_CONTRACT = {
  id: 80,
  contractNumber: 'CT-NORD-80',
  agencyId: 4,
  agencyName: 'Agence Nord',
  startDate: '2026-01-01',
  endDate: '2027-12-31',
};

function signIn() {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: {
      ...profile,
      role: {
        ...profile.role,
        rights: {
          create: ['subcontractor_market'],
          read: ['agency', 'project', 'contract', 'payment_type', 'payment_term', 'subcontractor_market'],
          update: [],
          delete: [],
        },
      },
    },
  });
}

/** The list filters a request carries (`filters`, JSON), empty without. */
function filtersOf(url: string): Record<string, string> {
  return JSON.parse(new URL(url, 'http://isf.test').searchParams.get('filters') ?? '{}') as Record<string, string>;
}

/**
 * The API as the server answers: the contracts list honours the agency filter it is sent (the server's
 * rule), so a picker that sends none offers another agency's contract; the creation is recorded.
 */
function serve() {
  const created: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const page = (content: unknown[]) => reply(200, { content, totalElements: content.length });
    if (url.includes('/api/market/create')) {
      created.push(JSON.parse(String(init?.body)));
      return reply(200, { success: true, id: 99 });
    }
    if (url.includes('/api/agencies?')) {
      return page([AGENCY, OTHER_AGENCY]);
    }
    if (url.includes('/api/projects?')) {
      return page([{ id: 5, code: 'BDX-1', name: 'Projet Bordeaux' }]);
    }
    if (url.includes('/api/payment_types?')) {
      return page([{ id: 1, name: 'Virement' }]);
    }
    if (url.includes('/api/payment_terms?')) {
      return page([{ id: 2, name: '30 jours fin de mois' }]);
    }
    if (url.includes('/api/contracts?')) {
      const agencyId = filtersOf(url).agencyId;
      return page([OWN_CONTRACT, OTHER_CONTRACT].filter((row) => agencyId === undefined || String(row.agencyId) === agencyId));
    }
    return page([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, created };
}

/** The form item (label and field) labelled `label`. */
function formItem(label: string): HTMLElement {
  const item = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item');
  if (!(item instanceof HTMLElement)) {
    throw new Error(`no form item ${label}`);
  }
  return item;
}

/** The picker modal titled after the form item `label`, once open (over the form's own modal). */
async function pickerOf(label: string): Promise<HTMLElement> {
  await screen.findByText(`Sélectionner : ${label}`);
  const dialogs = screen.getAllByRole('dialog');
  return dialogs[dialogs.length - 1] as HTMLElement;
}

const pickerClosed = (label: string) => waitFor(() => expect(screen.queryByText(`Sélectionner : ${label}`)).toBeNull());

/** Opens the picker of the form item `label` and clicks the row showing `cell`. */
async function pick(label: string, cell: string) {
  fireEvent.click(within(formItem(label)).getByRole('button', { name: 'Choisir' }));
  fireEvent.click(await within(await pickerOf(label)).findByText(cell));
  await pickerClosed(label);
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const items = await screen.findAllByTitle(option);
  fireEvent.click(items[items.length - 1] as HTMLElement);
}

describe('the market form’s contract picker', { timeout: 120_000 }, () => {
  beforeEach(() => localStorage.clear());

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('waits for the agency, offers that agency’s contracts only, and sends the picked contract’s id', async () => {
    spyFeedback();
    signIn();
    const { fetchMock, created } = serve();
    renderRoutes(
      [
        { path: '/sst/markets', element: <MarketCreateModal open onClose={() => undefined} /> },
        { path: '/sst/market/:id', element: <p>market opened</p> },
      ],
      '/sst/markets',
    );
    const contractChoice = within(formItem('Contrat')).getByRole('button', { name: 'Choisir' });
    expect((contractChoice as HTMLButtonElement).disabled).toBe(true);

    await pick('Agence', 'Agence Sud');
    await waitFor(() => expect((contractChoice as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(contractChoice);
    const dialog = await pickerOf('Contrat');
    await within(dialog).findByText('CT-SUD-70');
    expect(within(dialog).queryByText('CT-NORD-80')).toBeNull();
    const contractRequests = fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.includes('/api/contracts?'));
    expect(contractRequests.length).toBeGreaterThan(0);
    expect(contractRequests.every((url) => filtersOf(url).agencyId === '3')).toBe(true);
    fireEvent.click(within(dialog).getByText('CT-SUD-70'));
    await pickerClosed('Contrat');
    expect(within(formItem('Contrat')).getByDisplayValue('CT-SUD-70')).toBeTruthy();

    // the rest of the required fields, then the creation sends the contract's id
    fireEvent.change(screen.getByLabelText('Code Edifice'), { target: { value: 'EDIF-1' } });
    await pick('Projet', 'Projet Bordeaux');
    fireEvent.change(screen.getByLabelText('Montant maximum DC4 (HT)'), { target: { value: '1000' } });
    await choose('Type de paiement', 'Virement');
    await choose('Condition de paiement', '30 jours fin de mois');
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await screen.findByText('market opened');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ agency: 3, project: 5, contract: 70 });
  });

  it('shows the number typed before contracts were chosen until a contract is picked', async () => {
    spyFeedback();
    signIn();
    serve();
    const market = {
      ...marketFormValuesOf({
        edifice: 'EDIF-2',
        agency: 3,
        agencyName: 'Agence Sud',
        project: 5,
        projectName: 'Projet Bordeaux',
        contract: null,
        contractNumber: 'ANCIEN-12',
      } as unknown as MarketRecord),
    };
    expect(market).toMatchObject({ contract: null, contractNumber: 'ANCIEN-12' });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <Form initialValues={{ ...EMPTY_MARKET, ...market }}>
              <MarketFormFields />
            </Form>
          ),
        },
      ],
      '/',
    );
    expect(await screen.findByText('Numéro de contrat saisi avant le choix des contrats : ANCIEN-12')).toBeTruthy();
    await pick('Contrat', 'CT-SUD-70');
    await waitFor(() => expect(screen.queryByText(/Numéro de contrat saisi avant le choix des contrats/)).toBeNull());
    expect(within(formItem('Contrat')).getByDisplayValue('CT-SUD-70')).toBeTruthy();
  });

  it('lets the contract go when another agency is chosen, keeps it when the same agency is chosen again', async () => {
    spyFeedback();
    signIn();
    serve();
    const values = marketFormValuesOf({
      edifice: 'EDIF-3',
      agency: 3,
      agencyName: 'Agence Sud',
      project: 5,
      projectName: 'Projet Bordeaux',
      contract: 70,
      contractNumber: 'CT-SUD-70',
    } as unknown as MarketRecord);
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <Form initialValues={{ ...EMPTY_MARKET, ...values }}>
              <MarketFormFields />
            </Form>
          ),
        },
      ],
      '/',
    );
    expect(await within(formItem('Contrat')).findByDisplayValue('CT-SUD-70')).toBeTruthy();
    await pick('Agence', 'Agence Sud');
    expect(within(formItem('Contrat')).getByDisplayValue('CT-SUD-70')).toBeTruthy();
    await pick('Agence', 'Agence Nord');
    await waitFor(() => expect(within(formItem('Agence')).getByDisplayValue('Agence Nord')).toBeTruthy());
    await waitFor(() => expect(within(formItem('Contrat')).queryByDisplayValue('CT-SUD-70')).toBeNull());
  });
});
