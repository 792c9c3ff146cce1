import { EVALUATION_COMMENT_REQUIRED_MESSAGE } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { EvaluationCreateModal } from './evaluation-create-modal';

function serve() {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'POST' ? reply(200, { success: true, id: 90 }) : reply(200, []),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) as Record<string, unknown> }));

function show(onClose = vi.fn()) {
  setAuth({ token: 't', profile: makeProfile() });
  renderRoutes(
    [{ path: '/agency/:id', element: <EvaluationCreateModal agencyId={3} kind="safety" onClose={onClose} /> }],
    '/agency/3',
  );
  return onClose;
}

/** The star of this rank (1 to 5) of the safety rating. */
function star(rank: number): HTMLElement {
  const stars = document.querySelectorAll<HTMLElement>('.ant-rate-star [role="radio"]');
  return stars[rank - 1] as HTMLElement;
}

const submitButton = () =>
  [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Valider') as HTMLButtonElement;

describe('the evaluation dialog of an agency', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('requires the comment for a rating below 3 clicked just before the submit, and sends nothing', async () => {
    spyFeedback();
    const fetchMock = serve();
    const onClose = show();
    await screen.findByText('Nouvelle évaluation sécurité');
    fireEvent.click(star(4));
    await waitFor(() => expect(star(4).getAttribute('aria-checked')).toBe('true'));
    // the new rating and the submit in the same task: no render in between
    fireEvent.click(star(1));
    fireEvent.click(submitButton());
    expect(await screen.findByText(EVALUATION_COMMENT_REQUIRED_MESSAGE)).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends a rating of 3 or more without comment, and a low one with its comment', async () => {
    spyFeedback();
    const fetchMock = serve();
    const onClose = show();
    await screen.findByText('Nouvelle évaluation sécurité');
    fireEvent.click(star(3));
    fireEvent.click(submitButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(posts(fetchMock)).toEqual([{ url: '/api/evaluation/safety/3', body: { safety: 3, comment: null } }]);
    cleanup();

    const fetchLow = serve();
    const closeLow = show();
    await screen.findByText('Nouvelle évaluation sécurité');
    fireEvent.click(star(2));
    fireEvent.change(screen.getByLabelText('Commentaire'), { target: { value: ' Échafaudage non conforme ' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(closeLow).toHaveBeenCalledWith(true));
    expect(posts(fetchLow)).toEqual([
      { url: '/api/evaluation/safety/3', body: { safety: 2, comment: 'Échafaudage non conforme' } },
    ]);
  });
});
