import { BPU_LOCKED_MESSAGE, CSV_ONLY_MESSAGE, IMPORT_SUCCESS_MESSAGE } from '@isf/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importBpuTemplateCsv } from '../../features/bpu-templates/bpu-templates.api';
import { renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { type CsvImportOptions, useCsvImport } from './use-csv-import';

function ImportHost(options: CsvImportOptions) {
  const { button, report } = useCsvImport(options);
  return (
    <>
      {button}
      {report}
    </>
  );
}

function showImport(onImported = vi.fn()) {
  renderRoutes(
    [{ path: '/', element: <ImportHost send={(file) => importBpuTemplateCsv(4, file)} onImported={onImported} /> }],
    '/',
  );
  return onImported;
}

function choose(file: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('useCsvImport', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses a file that is not a CSV without sending it', async () => {
    const feedback = spyFeedback();
    const fetchMock = vi.fn(async () => reply(200, { success: true }));
    vi.stubGlobal('fetch', fetchMock);
    showImport();
    await screen.findByText('Importer un CSV');
    choose(new File(['%PDF-1.4'], 'prix.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(feedback.warning).toHaveBeenCalledWith(CSV_ONLY_MESSAGE));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a CSV file, then says the import succeeded', async () => {
    const feedback = spyFeedback();
    const fetchMock = vi.fn(async () => reply(200, { success: true, message: IMPORT_SUCCESS_MESSAGE, created: 1, updated: 0 }));
    vi.stubGlobal('fetch', fetchMock);
    const onImported = showImport();
    await screen.findByText('Importer un CSV');
    choose(new File(['Référence;Catégorie parente\n'], 'modele.csv', { type: 'text/csv' }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith(IMPORT_SUCCESS_MESSAGE));
    expect(onImported).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/bputemplate/4/import');
    expect(init.body).toBeInstanceOf(FormData);
  });

  it("lists the server's line errors of a refused import", async () => {
    spyFeedback();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply(400, { error: 'Requête invalide', detail: 'Import refusé', errors: ['Ligne 3 : unité inconnue « m3 ».'] }),
      ),
    );
    showImport();
    await screen.findByText('Importer un CSV');
    choose(new File(['x'], 'modele.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Ligne 3 : unité inconnue « m3 ».')).toBeTruthy();
  });

  it("warns with the server's text when it refuses the import as a business rule (a locked BPU)", async () => {
    const feedback = spyFeedback();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(422, { error: BPU_LOCKED_MESSAGE })),
    );
    const onImported = showImport();
    await screen.findByText('Importer un CSV');
    choose(new File(['Code;Prix\n'], 'prix.csv', { type: 'text/csv' }));
    await waitFor(() => expect(feedback.warning).toHaveBeenCalledWith(BPU_LOCKED_MESSAGE));
    expect(onImported).not.toHaveBeenCalled();
  });
});
