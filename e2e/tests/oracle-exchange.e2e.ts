import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiCall, tokenOf } from '../support/api.js';
import { baseUrl, dialog, newPage, screenshot, signIn } from '../support/browser.js';
import { unique, useBrowser } from '../support/journey.js';

const browser = useBrowser();

type Page_<Row> = { content: Row[]; totalElements: number };

/** A draft order of the first demo market charged to a new ISF imputation of eOTP `eotp`; returns its id. */
async function orderOnNewEotp(token: string, eotp: string): Promise<number> {
  const markets = await api<Page_<{ id: number; projectId: number }>>('/markets?size=5&sort=id,asc', token);
  const [market] = markets.content;
  expect(market).toBeDefined();
  const imputation = await api<{ id: number }>('/imputation/create', token, {
    projectId: market?.projectId,
    eotp,
    description: `Imputation e2e ${unique}`,
  });
  const projects = await api<Page_<{ id: number }>>('/oracle/projects?size=1', token);
  const oracleProject = projects.content[0]?.id;
  const tasks = await api<{ id: number }[] | Page_<{ id: number }>>(`/oracle/project/${oracleProject}/tasks`, token);
  const oracleTask = (Array.isArray(tasks) ? tasks : tasks.content)[0]?.id;
  const users = await api<Page_<{ id: number; uid: string }>>(
    `/users?size=5&filters=${encodeURIComponent('{"uid":"admin"}')}`,
    token,
  );
  const created = await api<{ id: number }>('/order/create', token, {
    name: `Commande imputation e2e ${unique}`,
    market: market?.id,
    oracleProject,
    oracleTask,
    endDate: '2027-12-31',
    follower: users.content.find((user) => user.uid === 'admin')?.id,
    imputation: imputation.id,
  });
  return created.id;
}

/** A statement of the market holding a releasable RG, its RG released and the statement paid; returns the attachment id. */
async function paidRgRelease(token: string): Promise<number> {
  const statements = await api<Page_<{ id: number; marketId: number }>>('/situations?size=50&sort=id,asc', token);
  for (const { marketId } of statements.content) {
    const created = await api<{ id: number }>('/situation/create', token, { market: marketId, sap: `SAP-E2E-RG-${unique}` });
    const candidates = await api<Page_<{ id: number }>>(`/situation/${created.id}/rgreleases/candidates?size=1`, token);
    const [candidate] = candidates.content;
    if (candidate) {
      await api(`/situation/${created.id}/rg`, token, [candidate.id]);
      await api(`/situation/${created.id}/paid`, token, {});
      return candidate.id;
    }
    await apiCall('DELETE', `/situation/${created.id}/delete`, token);
  }
  throw new Error('no demo market holds a releasable RG');
}

const IMPUTATION_FILE = (eotp: string) =>
  Buffer.from(
    `\ufeffeOTP;Type de prestation;Numéro de projet;Organisation;Numéro de tâche\r\n${eotp};Travaux;PRJ-33-FTTH-2022;Direction Régionale Sud-Ouest;2.0\r\nEOTP-AUTRE-${unique};Fourniture;PRJ-INCONNU-${unique};DR;1.0\r\n`,
    'utf8',
  );

async function stepButton(page: Page, step: number, name: RegExp) {
  return page.getByTestId(`imputation-step-${step}`).getByRole('button', { name });
}

describe('ERP imputations and retention warranties', () => {
  it('runs the four imputation steps on a CSV file, then marks a retention warranty', async () => {
    const token = await tokenOf('admin');
    const eotp = `EOTP-E2E-${unique}`;
    const order = await orderOnNewEotp(token, eotp);
    const page = await newPage(browser());
    await signIn(page, 'admin');
    await page.goto(`${baseUrl()}/#/oracleimputations`);
    await page.getByTestId('imputation-step-4').waitFor({ timeout: 15_000 });
    for (const title of ['1. Importer', '2. Synchroniser', '3. Rattacher les commandes', '4. Envoyer les commandes']) {
      await expect.poll(() => page.getByText(title, { exact: true }).count()).toBe(1);
    }
    await screenshot(page, 'oracle-imputations-01-steps');

    // a refused file first: nothing is written, the line numbers are shown
    await page
      .getByTestId('imputation-step-1')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'imputations.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('eOTP;Type de prestation;Numéro de projet;Organisation;Numéro de tâche\r\n;Travaux;PRJ;DR;1.0\r\n'),
      });
    await page.getByText('Ligne 2 : « eOTP » obligatoire(s).').waitFor();
    await page
      .getByTestId('imputation-step-1')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'imputations.csv', mimeType: 'text/csv', buffer: IMPUTATION_FILE(eotp) });
    await page.getByText('Import effectué avec succès').waitFor();
    const row = page.getByRole('row').filter({ hasText: eotp });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Non synchronisée');

    await (await stepButton(page, 2, /Synchroniser/)).click();
    await page.getByText(/^Synchronisation terminée : /).waitFor();
    await expect.poll(() => row.textContent()).toContain('Synchronisée');
    await expect.poll(() => row.textContent()).toContain('Génie civil');
    const unknown = page.getByRole('row').filter({ hasText: `PRJ-INCONNU-${unique}` });
    await expect.poll(() => unknown.textContent()).toContain('Projet introuvable');
    await screenshot(page, 'oracle-imputations-02-synchronised');

    await (await stepButton(page, 3, /Rattacher/)).click();
    await page.getByText(/commande\(s\) rattachée\(s\)/).waitFor();
    await expect.poll(async () => (await row.locator('td').last().textContent())?.trim()).toBe('1');
    // the draft order took the imputation's ERP project and task
    const bound = await api<Record<string, unknown>>(`/order/${order}`, token);
    expect(JSON.stringify(bound)).toContain('Génie civil');

    await (await stepButton(page, 4, /Envoyer/)).click();
    await page.getByText(/commande\(s\) envoyée\(s\) à Oracle/).waitFor();
    await screenshot(page, 'oracle-imputations-03-sent');

    // every step is a task of /tasks, with its events
    const tasks = await api<Page_<{ status: string; events: unknown }>>(
      `/tasks?size=10&sort=id,desc&filters=${encodeURIComponent(JSON.stringify({ objectName: 'oracle_imputation' }))}`,
      token,
    );
    expect(tasks.content.slice(0, 4).map((task) => task.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS']);
    const events = JSON.stringify(tasks.content.slice(0, 4).map((task) => task.events));
    for (const name of ['Imputations importées', 'Imputations synchronisées', 'Commandes rattachées', 'Commandes envoyées']) {
      expect(events).toContain(name);
    }

    // removal: nothing selected, then the unknown project's line
    await page.getByRole('button', { name: /Retirer de la liste/ }).click();
    await page.getByText('Aucune imputation sélectionnée').waitFor();
    await unknown.getByRole('checkbox').check();
    await page.getByRole('button', { name: /Retirer de la liste/ }).click();
    await dialog(page, /Retirer 1 imputation/)
      .getByRole('button', { name: 'OK' })
      .click();
    await page.getByText('1 imputation(s) retirée(s) de la liste.').waitFor();
    await expect.poll(() => unknown.count()).toBe(0);

    // --- a released RG of a paid statement, sent as a retention invoice, marked by hand
    const attachment = await paidRgRelease(token);
    const statusOf = async () => {
      const rows = await api<Page_<{ invoiceNumber: string; status: string }>>(
        `/oracle/rg-warranties?filters=${encodeURIComponent(JSON.stringify({ invoiceNumber: `ISF-RG-A${attachment}` }))}`,
        token,
      );
      return rows.content[0]?.status;
    };
    await expect.poll(statusOf, { timeout: 20_000 }).toBe('SUCCESS');
    await page.goto(`${baseUrl()}/#/release-rg-warranties`);
    const warranty = page
      .getByRole('row')
      .filter({ hasText: `ISF-RG-A${attachment}` })
      .first();
    await warranty.waitFor();
    await expect.poll(() => warranty.textContent()).toContain('Succès');
    await screenshot(page, 'rg-warranties-01-sent');

    await warranty.getByRole('button', { name: 'Marquer en erreur' }).click();
    const errorModal = dialog(page, /en erreur/);
    await errorModal.getByLabel("Raison de l'erreur").fill('Montant contesté par la comptabilité');
    await screenshot(page, 'rg-warranties-02-error-modal');
    await errorModal.getByRole('button', { name: 'Marquer en erreur' }).click();
    await expect.poll(() => warranty.textContent()).toContain('Montant contesté par la comptabilité');
    await expect.poll(() => warranty.textContent()).toContain('Erreur');

    await warranty.getByRole('button', { name: 'Remettre en traitement' }).click();
    await dialog(page, /Remettre la garantie/)
      .getByRole('button', { name: 'OK' })
      .click();
    await page.getByText('Garantie remise en traitement.').waitFor();
    await expect.poll(statusOf, { timeout: 20_000 }).toBe('SUCCESS');
    await page.reload();
    await expect.poll(() => warranty.textContent(), { timeout: 15_000 }).toContain('Succès');
    await screenshot(page, 'rg-warranties-03-resent');
  });
});
