import { MESSAGES_FR } from '@isf/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { IncidentDialog } from './incident-dialog';

describe('IncidentDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks to fill in the form first and sends nothing while a required field is empty', async () => {
    spyFeedback();
    const fetchMock = vi.fn(async (_url: string) => reply(200, { content: [], totalElements: 0 }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/', element: <IncidentDialog open onClose={() => undefined} /> }], '/');
    fireEvent.change(await screen.findByLabelText('Objet'), { target: { value: 'Écran figé' } });
    fireEvent.change(screen.getByLabelText('Description du problème'), { target: { value: 'Rien ne bouge' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText(MESSAGES_FR['help.fillFormFirst'])).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/help/submit'))).toBe(false);
  });
});
