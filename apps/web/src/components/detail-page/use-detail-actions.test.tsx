import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderRoutes } from '../../lib/testing';
import { useDetailActions } from './use-detail-actions';
import { useDetailForm } from './use-detail-form';

type Item = { id: number; name: string; version: number };
const schema = z.object({ name: z.string().trim().min(1), version: z.number().int() });

function ItemDetail(props: {
  fetch: () => Promise<Item>;
  update: (payload: z.infer<typeof schema>) => Promise<{ success: boolean; record?: Item }>;
  remove: () => Promise<{ success: boolean }>;
  onDone: (what: string, ok: boolean | undefined) => void;
}) {
  const detail = useDetailForm({
    queryKey: ['item', 1],
    fetch: props.fetch,
    enabled: true,
    toFormValues: toValues,
  });
  const actions = useDetailActions({
    detail,
    queryKey: ['item', 1],
    listPaths: ['/items'],
    schema,
    update: props.update,
    remove: props.remove,
  });
  return (
    <Form form={detail.form}>
      <Form.Item name="name" label="Nom">
        <Input />
      </Form.Item>
      <span data-testid="shown">{detail.record?.name}</span>
      <button type="button" onClick={async () => props.onDone('save', await actions.save())}>
        Enregistrer
      </button>
      <button type="button" onClick={async () => props.onDone('remove', await actions.remove?.())}>
        Supprimer
      </button>
    </Form>
  );
}

function toValues(item: Item) {
  return { name: item.name };
}

function show(overrides: Partial<Parameters<typeof ItemDetail>[0]> = {}) {
  const props = {
    fetch: vi.fn(async (): Promise<Item> => ({ id: 1, name: 'Mètre', version: 3 })),
    update: vi.fn(async (payload: z.infer<typeof schema>) => ({
      success: true,
      record: { id: 1, name: payload.name, version: payload.version + 1 },
    })),
    remove: vi.fn(async () => ({ success: true })),
    onDone: vi.fn(),
    ...overrides,
  };
  renderRoutes([{ path: '/', element: <ItemDetail {...props} /> }], '/');
  return props;
}

/** The name field once the record is shown (the form mounts its input again when the record arrives). */
async function loadedField(): Promise<HTMLInputElement> {
  await waitFor(() => expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Mètre'));
  return screen.getByLabelText('Nom') as HTMLInputElement;
}

describe('useDetailActions', () => {
  afterEach(cleanup);

  it('shows the schema errors under the fields and sends nothing', async () => {
    const props = show();
    const field = await loadedField();
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(props.update).not.toHaveBeenCalled();
    expect(props.onDone).toHaveBeenCalledWith('save', false);
  });

  it('sends the trimmed values with the version and shows the saved copy', async () => {
    const props = show();
    const field = await loadedField();
    fireEvent.change(field, { target: { value: ' Mètre linéaire ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(props.onDone).toHaveBeenCalledWith('save', true));
    expect(props.update).toHaveBeenCalledWith({ name: 'Mètre linéaire', version: 3 });
    expect(screen.getByTestId('shown').textContent).toBe('Mètre linéaire');
    // the saved copy is shown without fetching the record again
    expect(props.fetch).toHaveBeenCalledTimes(1);
  });

  it('reloads the record when the reply carries no copy, and reports a refused save', async () => {
    const update = vi.fn(async (): Promise<{ success: boolean; record?: Item }> => ({ success: true }));
    const props = show({ update });
    await screen.findByLabelText('Nom');
    await waitFor(() => expect(props.fetch).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(props.fetch).toHaveBeenCalledTimes(2));
    update.mockResolvedValueOnce({ success: false });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(props.onDone).toHaveBeenLastCalledWith('save', false));
  });

  it('answers whether the delete succeeded', async () => {
    const props = show({ remove: vi.fn(async () => ({ success: false })) });
    await screen.findByLabelText('Nom');
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(props.onDone).toHaveBeenCalledWith('remove', false));
    expect(props.remove).toHaveBeenCalledTimes(1);
  });
});
