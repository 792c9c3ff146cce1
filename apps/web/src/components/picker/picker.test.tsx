import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { Picker, type PickerValue } from './picker';

type TypeRow = { id: number; name: string };

function TypePicker({ required, initial = null }: { required: boolean; initial?: PickerValue | null }) {
  const [value, setValue] = useState<PickerValue | null>(initial);
  return (
    <>
      <Picker<TypeRow>
        entity="project_type"
        listPath="/projecttype"
        title="Type de projet"
        columns={[{ key: 'name', title: 'Nom' }]}
        toValue={(row) => ({ id: row.id, label: row.name })}
        required={required}
        value={value}
        onChange={setValue}
      />
      <output>{value ? `picked ${value.id}` : 'nothing picked'}</output>
    </>
  );
}

function signIn(read: boolean) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: { ...profile, role: { ...profile.role, rights: { ...profile.role.rights, read: read ? ['project_type'] : [] } } },
  });
}

describe('Picker', () => {
  beforeEach(() => localStorage.clear());

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it('says "select an item" while empty and cannot be cleared when required', async () => {
    spyFeedback();
    signIn(true);
    renderRoutes([{ path: '/', element: <TypePicker required initial={{ id: 2, label: 'FTTO' }} /> }], '/');
    expect(await screen.findByDisplayValue('FTTO')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vider' })).toBeNull();
    cleanup();
    renderRoutes([{ path: '/', element: <TypePicker required /> }], '/');
    expect((await screen.findByPlaceholderText('select an item')).getAttribute('value')).toBe('');
  });

  it('can be cleared when optional', async () => {
    spyFeedback();
    signIn(true);
    renderRoutes([{ path: '/', element: <TypePicker required={false} initial={{ id: 2, label: 'FTTO' }} /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Vider' }));
    expect(screen.getByText('nothing picked')).toBeTruthy();
  });

  it('picks a row of a 15-rows-a-page list', async () => {
    spyFeedback();
    signIn(true);
    const fetchMock = vi.fn(async (_url: string) => reply(200, { content: [{ id: 4, name: 'Génie civil' }], totalElements: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/', element: <TypePicker required /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Choisir' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByText('Génie civil'));
    await waitFor(() => expect(screen.getByText('picked 4')).toBeTruthy());
    expect(fetchMock.mock.calls[0]?.[0]).toContain('size=15');
  });

  it('warns "not access to entity" without the read right on the picked entity', async () => {
    const feedback = spyFeedback();
    signIn(false);
    const fetchMock = vi.fn(async () => reply(200, { content: [], totalElements: 0 }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/', element: <TypePicker required /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Choisir' }));
    expect(feedback.warning).toHaveBeenCalledWith('not access to entity');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
