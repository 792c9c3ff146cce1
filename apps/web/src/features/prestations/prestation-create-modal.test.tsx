import { NEED_CATEGORY_MESSAGE } from '@isf/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { PrestationCreateModal } from './prestation-create-modal';

function posts(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
}

describe('PrestationCreateModal', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("answers 'need category' to a subcategory chosen before a category, and sends nothing", async () => {
    const feedback = spyFeedback();
    const fetchMock = vi.fn(async (url: string) =>
      String(url).includes('/subcategories') ? reply(200, [{ id: 9, name: 'Tirage' }]) : reply(200, []),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/prestations', element: <PrestationCreateModal open onClose={() => undefined} /> }], '/prestations');
    fireEvent.mouseDown(await screen.findByLabelText('Sous-catégorie'));
    expect(feedback.warning).toHaveBeenCalledWith(NEED_CATEGORY_MESSAGE);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/subcategories'))).toBe(false);
    fireEvent.click(screen.getByText('Créer'));
    expect((await screen.findAllByText('Ce champ est obligatoire.')).length).toBeGreaterThan(0);
    expect(posts(fetchMock)).toHaveLength(0);
  });
});
