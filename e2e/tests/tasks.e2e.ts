import { describe, expect, it } from 'vitest';
import { baseUrl, expectHash, login, newPage, screenshot } from '../support/browser.js';
import { unique, useBrowser } from '../support/journey.js';

const browser = useBrowser();

const HEADER = 'Référence;Catégorie parente;Catégorie;Code;Désignation;Unité;Type';

async function api(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) {
    headers.set('authorization', `Bearer ${init.token}`);
  }
  return fetch(`${baseUrl()}/api${path}`, { ...init, headers });
}

async function adminToken(): Promise<string> {
  const response = await api('/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Imports a template CSV through the API, as the template screen's upload does. */
async function importTemplate(token: string, templateId: number, lines: string[]) {
  const form = new FormData();
  form.append('file', new Blob([`\ufeff${[HEADER, ...lines].join('\r\n')}`], { type: 'text/csv' }), 'modele.csv');
  return api(`/bputemplate/${templateId}/import`, { method: 'POST', body: form, token });
}

describe('tasks journey', () => {
  it('shows the tasks of two template imports, the good one SUCCESS and the refused one FAILED', async () => {
    const token = await adminToken();
    const created = await api('/bputemplate', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Modèle tâches ${unique}` }),
    });
    const templateId = ((await created.json()) as { id: number }).id;
    const good = await importTemplate(token, templateId, [
      "Soudure;Transport optique;Soudure;TK-1;Soudure (tâches e2e);Unité;Main d'œuvre",
    ]);
    expect(good.status).toBe(200);
    const refused = await importTemplate(token, templateId, [
      "Soudure;Transport optique;Soudure;TK-2;Soudure (tâches e2e);Mètre cube;Main d'œuvre",
    ]);
    expect(refused.status).toBe(400);

    const page = await newPage(browser());
    page.setDefaultTimeout(15_000);
    await login(page, 'admin', 'admin');
    await expectHash(page, /^#\/$/);
    await page.getByRole('menuitem', { name: 'Administration' }).hover();
    await page.getByRole('link', { name: 'Tâches', exact: true }).click();
    await expectHash(page, /^#\/tasks$/);
    await page.getByRole('heading', { name: 'Tâches' }).waitFor();

    await page.getByLabel("Filtrer ID de l'entité").fill(String(templateId));
    await page.getByLabel('Filtrer Entité').fill('bpu_template');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    // newest first: the refused import, then the good one
    const [refusedRow, goodRow] = [rows.nth(0), rows.nth(1)];
    await refusedRow.locator('.ant-tag', { hasText: 'FAILED' }).waitFor();
    await refusedRow.getByText('Refusé', { exact: true }).waitFor();
    await refusedRow.getByText(/unité « Mètre cube » inconnue/).waitFor();
    await goodRow.locator('.ant-tag', { hasText: 'SUCCESS' }).waitFor();
    await goodRow.getByText('Prestations importées', { exact: true }).waitFor();
    await goodRow.getByText(/1 créée\(s\), 0 mise\(s\) à jour/).waitFor();
    expect(await goodRow.getByRole('link', { name: String(templateId) }).getAttribute('href')).toBe(
      `#/sst/bputemplate/${templateId}`,
    );
    expect(await goodRow.getByRole('link', { name: 'Alice Administratrice' }).count()).toBe(1);
    // 20 per page and no page-size choice
    expect(await page.getByLabel('Taille de page').count()).toBe(0);

    // a third import appears after Refresh
    await importTemplate(token, templateId, ["Soudure;Transport optique;Soudure;TK-3;Autre soudure;Unité;Main d'œuvre"]);
    await page.getByRole('button', { name: /Rafraîchir/ }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(3);
    await rows.nth(0).locator('.ant-tag', { hasText: 'SUCCESS' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'tasks-01-imports');
    await page.context().close();
  });
});
