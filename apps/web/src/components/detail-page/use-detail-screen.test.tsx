import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, spyFeedback } from '../../lib/testing';
import { DetailForm } from './detail-form';
import { DetailPage } from './detail-page';
import { useDetailScreen } from './use-detail-screen';

type Item = { id: number; name: string; version: number };
const schema = z.object({ name: z.string().trim().min(1), version: z.number().int() });
const createSchema = z.object({ name: z.string().trim().min(1) });

type Api = {
  fetch: (id: number) => Promise<Item>;
  update: (id: number, payload: z.infer<typeof schema>) => Promise<{ success: boolean; record?: Item }>;
  remove: (id: number) => Promise<{ success: boolean }>;
  create: (payload: z.infer<typeof createSchema>) => Promise<{ success: boolean; id: number }>;
};

function toValues(item: Item) {
  return { name: item.name };
}

function ItemScreen({ api, creating = false }: { api: Api; creating?: boolean }) {
  const detail = useDetailScreen({
    queryKey: (id) => ['item', id],
    fetch: api.fetch,
    toFormValues: toValues,
    listPaths: ['/api/items'],
    schema,
    update: api.update,
    remove: api.remove,
    create: creating ? { values: { name: '' }, schema: createSchema, create: api.create, listRoute: '/items' } : undefined,
  });
  return (
    <DetailPage title={detail.record?.name ?? 'Article'} entity="category" listRoute="/items" {...detail.page}>
      <DetailForm name="item-detail" form={detail.form}>
        <Form.Item name="name" label="Nom">
          <Input />
        </Form.Item>
      </DetailForm>
    </DetailPage>
  );
}

function show(path: string) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: {
      ...profile,
      role: { ...profile.role, rights: { create: [], read: ['category'], update: ['category'], delete: ['category'] } },
    },
  });
  const api = {
    fetch: vi.fn(async (id: number): Promise<Item> => ({ id, name: 'Mètre', version: 3 })),
    update: vi.fn(async (id: number, payload: z.infer<typeof schema>) => ({
      success: true,
      record: { id, name: payload.name, version: payload.version + 1 },
    })),
    remove: vi.fn(async () => ({ success: true })),
    create: vi.fn(async () => ({ success: true, id: 42 })),
  };
  renderRoutes(
    [
      { path: '/items/new', element: <ItemScreen api={api} creating /> },
      { path: '/items/:id', element: <ItemScreen api={api} /> },
      { path: '/items', element: <p>liste des articles</p> },
    ],
    path,
  );
  return api;
}

describe('useDetailScreen', () => {
  afterEach(cleanup);

  it("reads the route's record into a form that is editable in edit mode only, and saves it under the route's id", async () => {
    const api = show('/items/7');
    await waitFor(() => expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Mètre'));
    expect(api.fetch).toHaveBeenCalledWith(7);
    expect((screen.getByLabelText('Nom') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Modifier/ }));
    await waitFor(() => expect((screen.getByLabelText('Nom') as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: ' Mètre linéaire ' } });
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(7, { name: 'Mètre linéaire', version: 3 }));
    // the saved copy is shown, out of edit mode
    expect(await screen.findByRole('heading', { name: 'Mètre linéaire' })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Nom') as HTMLInputElement).disabled).toBe(true));
  });

  it("deletes the route's record and goes back to the list", async () => {
    const feedback = spyFeedback();
    const api = show('/items/7');
    await screen.findByRole('heading', { name: 'Mètre' });
    fireEvent.click(screen.getByRole('button', { name: /Supprimer/ }));
    await waitFor(() => expect(feedback.confirm).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('liste des articles')).toBeTruthy();
    expect(api.remove).toHaveBeenCalledWith(7);
  });

  it('fetches nothing for a route id that is not one, and says the record is not found', async () => {
    const api = show('/items/abc');
    await waitFor(() => expect(document.querySelector('.ant-result-404')).not.toBeNull());
    expect(screen.queryByLabelText('Nom')).toBeNull();
    expect(api.fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Modifier/ })).toBeNull();
  });

  it('starts a new record from empty values in edit mode, creates it on Save and opens its route', async () => {
    const api = show('/items/new');
    await waitFor(() => expect((screen.getByLabelText('Nom') as HTMLInputElement).disabled).toBe(false));
    expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('');
    expect(api.fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Supprimer/ })).toBeNull();
    // the create schema's errors show under the fields, and nothing is sent
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: ' Mètre ' } });
    fireEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith({ name: 'Mètre' }));
    // the new record's route: read from the server, out of edit mode
    expect(await screen.findByRole('heading', { name: 'Mètre' })).toBeTruthy();
    expect(api.fetch).toHaveBeenCalledWith(42);
    await waitFor(() => expect((screen.getByLabelText('Nom') as HTMLInputElement).disabled).toBe(true));
    expect(api.update).not.toHaveBeenCalled();
  });

  it('goes back to the list when a new record is cancelled, creating nothing', async () => {
    const api = show('/items/new');
    await waitFor(() => expect((screen.getByLabelText('Nom') as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: /Annuler/ }));
    expect(await screen.findByText('liste des articles')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });
});
