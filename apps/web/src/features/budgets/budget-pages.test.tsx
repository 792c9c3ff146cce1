import type { BudgetOdRow, BudgetWarrantyRow, Dc4Row, EntityCode, QuantitativeRow } from '@isf/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { formatMoney } from '../../lib/i18n';
import { makeProfile, renderRoutes, reply, spyFeedback, typeDate } from '../../lib/testing';
import { BudgetWarrantyPage } from './budget-warranty-page';
import { isOverCeiling, odQuery } from './budgets.api';
import { Dc4Page } from './dc4-page';
import { OdPage } from './od-page';
import { QuantitativePage } from './quantitative-page';

const DC4_ROWS: Dc4Row[] = [
  {
    id: 3,
    projectId: 5,
    projectName: 'Bordeaux FTTH',
    marketEdifice: 'AQF-M2025',
    agencyName: 'Agence Gironde',
    maxAmountDc4Ht: '300.00',
    amountPayedAttachments: '400.00',
    amountMonthlyStatementAttachments: '0.00',
    amountValidatedAttachments: '0.00',
    totalAttachementAmount: '400.00',
    availableOnDc4: '-100.00',
    amountOrdered: '525.00',
    radAmount: '125.00',
    availableOnDc4WithRAD: '-225.00',
  },
  {
    id: 4,
    projectId: 5,
    projectName: 'Bordeaux FTTH',
    marketEdifice: 'TTSO-M2025',
    agencyName: 'Agence Landes',
    maxAmountDc4Ht: '5000.00',
    amountPayedAttachments: '0.00',
    amountMonthlyStatementAttachments: '0.00',
    amountValidatedAttachments: '400.00',
    totalAttachementAmount: '400.00',
    availableOnDc4: '4600.00',
    amountOrdered: '400.00',
    radAmount: '0.00',
    availableOnDc4WithRAD: '4600.00',
  },
];

function serve(content: unknown[], summary: Record<string, string> = {}) {
  const fetchMock = vi.fn(async () => reply(200, { content, totalElements: content.length, summary }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn(read: EntityCode[], ftth = false) {
  const profile = makeProfile({ ftth });
  setAuth({ token: 't', profile: { ...profile, role: { ...profile.role, rights: { ...profile.role.rights, read } } } });
}

const queryOf = (fetchMock: ReturnType<typeof serve>, call = 0) =>
  new URL(String((fetchMock.mock.calls[call] as unknown[] | undefined)?.[0]), 'http://localhost').searchParams;
const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent ?? '');

describe('the budget screens', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('DC4: every figure with its totals, links to the project and the market, a market over its ceiling stands out', async () => {
    spyFeedback();
    const fetchMock = serve(DC4_ROWS, { totalAttachementAmount: '800.00', availableOnDc4: '4500.00' });
    signIn(['budget_dc4', 'project', 'subcontractor_market']);
    renderRoutes([{ path: '/budget/dc4', element: <Dc4Page /> }], '/budget/dc4');
    const over = (await screen.findByText('AQF-M2025')).closest('tr') as HTMLElement;
    for (const title of [
      'Projet',
      'Contrat de sous-traitance',
      'Montant max DC4 HT',
      'Disponible sur DC4',
      'Reste à faire (RAD)',
    ]) {
      expect(
        headers().some((text) => text.startsWith(title)),
        title,
      ).toBe(true);
    }
    expect(over.className).toContain('isf-budget-over-ceiling');
    expect(over.textContent).toContain('Plafond DC4 dépassé');
    expect(over.textContent).toContain(formatMoney('-225.00'));
    const fine = screen.getByText('TTSO-M2025').closest('tr') as HTMLElement;
    expect(fine.className).not.toContain('isf-budget-over-ceiling');
    expect(screen.getByText('TTSO-M2025').closest('a')?.getAttribute('href')).toBe('/sst/market/4');
    expect(screen.getAllByText('Bordeaux FTTH')[0]?.closest('a')?.getAttribute('href')).toBe('/project/5');
    await waitFor(() => expect(document.querySelector('.isf-summary-row')?.textContent).toContain(formatMoney('800.00')));
    expect(String((fetchMock.mock.calls[0] as unknown[] | undefined)?.[0])).toContain('/api/budget/dc4');
    // the page alone first, then the totals in a request of their own
    expect(queryOf(fetchMock).get('summary')).toBeNull();
    expect(queryOf(fetchMock, 1).get('summary')).toBe('only');
    expect(screen.getByRole('button', { name: /CSV/ })).toBeTruthy();
  });

  it('OD mask: the start and end dates go with the query, newest statement first, links and currency', async () => {
    spyFeedback();
    const row: BudgetOdRow = {
      id: 70,
      statementId: 12,
      statementDate: '2026-02-10',
      attachmentId: 40,
      attachmentReference: 'AQF-M2025-2026-00004-A001',
      senderEotp: 'EOTP-A',
      receiverEotp: 'ST-M1',
      amountHt: '200.00',
      prestationTypeName: 'Génie civil',
      currency: 'EUR',
    };
    const fetchMock = serve([row], { amountHt: '200.00' });
    signIn(['budget_od', 'monthly_statement', 'attachement']);
    renderRoutes([{ path: '/budget/od', element: <OdPage /> }], '/budget/od');
    await screen.findByText('AQF-M2025-2026-00004-A001');
    expect(queryOf(fetchMock).get('sort')).toBe('statementDate,desc');
    expect(screen.getByText('10/02/2026').closest('a')?.getAttribute('href')).toBe('/sst/situation/12');
    expect(screen.getByText('AQF-M2025-2026-00004-A001').closest('a')?.getAttribute('href')).toBe('/sst/attachement/40');
    expect(screen.getByText('EUR')).toBeTruthy();
    const start = screen.getByLabelText('Date de début') as HTMLInputElement;
    const end = screen.getByLabelText('Date de fin') as HTMLInputElement;
    typeDate(start, '01/02/2026');
    typeDate(end, '28/02/2026');
    // the range reads dd/mm/yyyy, whatever the browser's language; the query keeps ISO dates
    await waitFor(() => expect([start.value, end.value]).toEqual(['01/02/2026', '28/02/2026']));
    await waitFor(() => {
      const last = queryOf(fetchMock, fetchMock.mock.calls.length - 1);
      expect([last.get('startDate'), last.get('endDate')]).toEqual(['2026-02-01', '2026-02-28']);
    });
  });

  it('quantitatives: the FTTH columns only for an FTTH profile', async () => {
    spyFeedback();
    const row: QuantitativeRow = {
      id: 2,
      projectId: 5,
      projectName: 'Bordeaux FTTH',
      marketId: 3,
      marketEdifice: 'AQF-M2025',
      imputationEotp: 'EOTP-A',
      arcgisName: 'ARC-33',
      nroName: 'NRO-MER',
      offerIdPm: 'PM-12',
      prestationReference: 'Tirage câble',
      prestationDescription: 'Tirage de câble en conduite',
      unitName: 'ml',
      unitPrice: '12.50',
      quantityOrdered: '4.0',
      quantityDone: '2.5',
      amountOrdered: '50.00',
      amountDone: '31.25',
    };
    serve([row]);
    signIn(['budget_quantitative'], false);
    renderRoutes([{ path: '/budget/quantitatives', element: <QuantitativePage /> }], '/budget/quantitatives');
    await screen.findByText('Tirage de câble en conduite');
    expect(headers().some((text) => text.startsWith('NRO'))).toBe(false);
    expect(screen.getByText('2,5')).toBeTruthy();
    cleanup();
    signIn(['budget_quantitative'], true);
    renderRoutes([{ path: '/budget/quantitatives', element: <QuantitativePage /> }], '/budget/quantitatives');
    await screen.findByText('Tirage de câble en conduite');
    for (const title of ['Nom arcgis', 'NRO', 'PM']) {
      expect(
        headers().some((text) => text.startsWith(title)),
        title,
      ).toBe(true);
    }
    expect(screen.getByText('NRO-MER')).toBeTruthy();
  });

  it('retentions and guarantees: newest first, the guarantee replacing the RG', async () => {
    spyFeedback();
    const row: BudgetWarrantyRow = {
      id: 9,
      reference: 'AQF-M2025-2026-00009',
      marketId: 3,
      marketEdifice: 'AQF-M2025',
      projectId: 6,
      projectName: 'Pessac',
      total: '525.00',
      rg: '20.00',
      rgReleased: '0.00',
      rgLeft: '20.00',
      depositAmount: '0.00',
      depositUsed: '0.00',
      paymentGuarantee: true,
      rgCoveredByGuarantee: '20.00',
    };
    const fetchMock = serve([row], { rg: '20.00' });
    signIn(['budget_rg_caution', 'order']);
    renderRoutes([{ path: '/budget/warranties', element: <BudgetWarrantyPage /> }], '/budget/warranties');
    const line = (await screen.findByText('AQF-M2025-2026-00009')).closest('tr') as HTMLElement;
    expect(queryOf(fetchMock).get('sort')).toBe('id,desc');
    expect(line.textContent).toContain('Oui');
    expect(screen.getByText('AQF-M2025-2026-00009').closest('a')?.getAttribute('href')).toBe('/sst/order/9');
    expect(headers().some((text) => text.startsWith('RG couverte par la caution'))).toBe(true);
  });

  it('tells a negative availability from zero, and sends only the dates chosen', () => {
    expect(isOverCeiling('-0.01')).toBe(true);
    expect(isOverCeiling('-0.00')).toBe(false);
    expect(isOverCeiling('0.00')).toBe(false);
    expect(isOverCeiling('12.00')).toBe(false);
    expect(odQuery({ startDate: '2026-01-01', endDate: '' })).toEqual({ startDate: '2026-01-01' });
  });
});
