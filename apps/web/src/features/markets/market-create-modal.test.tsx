import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, reply, spyFeedback, typeDate } from '../../lib/testing';
import { MarketCreateModal } from './market-create-modal';
import { EMPTY_MARKET, marketPayloadOf } from './market-form-fields';

function showModal() {
  return renderRoutes([{ path: '/sst/markets', element: <MarketCreateModal open onClose={() => undefined} /> }], '/sst/markets');
}

/** Chooses an option of the antd select labelled `label`. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const items = await screen.findAllByText(option);
  fireEvent.click(items[items.length - 1] as HTMLElement);
}

describe('MarketCreateModal', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the RG rate (default 5) for a basic retention, adds the EUR threshold with threshold, hides both when not applicable', async () => {
    spyFeedback();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, { content: [], totalElements: 0 })),
    );
    showModal();
    const rate = (await screen.findByLabelText('Taux de RG')) as HTMLInputElement;
    expect(rate.value).toBe('5,00');
    expect(rate.getAttribute('step')).toBe('0.01');
    expect(screen.queryByLabelText('Seuil (EUR)')).toBeNull();

    await choose('Type de retenue de garantie', 'Avec seuil');
    expect(await screen.findByLabelText('Seuil (EUR)')).toBeTruthy();
    expect(screen.getByLabelText('Taux de RG')).toBeTruthy();

    await choose('Type de retenue de garantie', 'Non applicable');
    await waitFor(() => expect(screen.queryByLabelText('Taux de RG')).toBeNull());
    expect(screen.queryByLabelText('Seuil (EUR)')).toBeNull();
  });

  it("takes and shows the end of contract dd/mm/yyyy, whatever the browser's language", async () => {
    spyFeedback();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, { content: [], totalElements: 0 })),
    );
    showModal();
    const end = (await screen.findByLabelText('Fin de contrat', { selector: 'input' })) as HTMLInputElement;
    expect(end.type).toBe('text');
    typeDate(end, '30/06/2027');
    await waitFor(() => expect(end.value).toBe('30/06/2027'));
  });

  it('does not send the rate or the threshold that the retention type hides', () => {
    const values = { ...EMPTY_MARKET, rgRate: '7', threshold: '1000' };
    expect(marketPayloadOf({ ...values, depositType: 'notApplicable' })).toMatchObject({ rgRate: null, threshold: null });
    expect(marketPayloadOf({ ...values, depositType: 'basic' })).toMatchObject({ rgRate: '7', threshold: null });
    expect(marketPayloadOf({ ...values, depositType: 'withThreshold' })).toMatchObject({ rgRate: '7', threshold: '1000' });
  });
});
