import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, tokenOf } from '../support/api.js';
import { baseUrl, dialog, expectHash, launchBrowser, newPage, screenshot, signIn } from '../support/browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

type StatementRow = {
  id: number;
  marketId: number;
  marketEdifice: string;
  projectId: number;
  projectName: string;
  paid: boolean;
  attachementCount: number;
  totalAmountTTC: string;
};
type Project = { id: number; code: string; name: string };

/** A raw call with a method (the support's `api` only GETs and POSTs). */
async function call(method: 'POST' | 'DELETE', route: string, token: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/api${route}`, { method, headers: { authorization: `Bearer ${token}` } });
  expect(response.status, await response.text()).toBe(200);
}

describe('monthly statements: generate, PDF, pay, revert', () => {
  it('the accountant generates the statements of a project, downloads one’s PDF and pays it; the administrator reverts it', {
    timeout: 300_000,
  }, async () => {
    const admin = await tokenOf('admin');
    // free validated attachments to invoice: a statement holding some is deleted (its payment cancelled first)
    const all = await api<{ content: StatementRow[] }>('/situations?size=200&sort=id,desc', admin);
    const holder =
      all.content.find((row) => row.attachementCount > 0 && !row.paid) ?? all.content.find((row) => row.attachementCount > 0);
    expect(holder, 'a statement invoicing attachments (the demo seeds them)').toBeDefined();
    const marketId = holder?.marketId ?? 0;
    if (holder?.paid) {
      await call('POST', `/situation/${holder.id}/dangerously_unpay`, admin);
    }
    await call('DELETE', `/situation/${holder?.id}/delete`, admin);
    const [project] = (
      await api<{ content: Project[] }>(
        `/projects?filters=${encodeURIComponent(JSON.stringify({ id: String(holder?.projectId) }))}`,
        admin,
      )
    ).content;
    expect(project).toBeDefined();

    // --- the accountant generates the statements of that project from the list
    const page = await newPage(browser);
    page.setDefaultTimeout(20_000);
    await signIn(page, 'comptable');
    await page.goto(`${baseUrl()}/#/sst/situations`);
    await page.getByRole('heading', { name: 'Situations' }).waitFor();
    await page.getByRole('button', { name: 'Générer' }).click();
    const modal = dialog(page, 'Générer les situations mensuelles');
    await modal.getByLabel('Filtrer Code').fill(project?.code ?? '');
    const projectRow = modal.locator('tr.ant-table-row').filter({ hasText: project?.name ?? '' });
    await projectRow.waitFor();
    await projectRow.getByRole('checkbox').check();
    await screenshot(page, 'statements-journey-01-generate');
    await modal.getByRole('button', { name: 'Générer' }).click();
    await dialog(page, /^Générer les situations mensuelles des projets choisis/)
      .getByRole('button', { name: 'OK' })
      .click();
    await page.getByText(/situations? créées?\./).waitFor();
    const mine = await api<{ content: StatementRow[] }>(
      `/situations?size=5&sort=id,desc&filters=${encodeURIComponent(JSON.stringify({ marketId: String(marketId) }))}`,
      admin,
    );
    const generated = mine.content[0];
    expect(generated?.id).toBeGreaterThan(holder?.id ?? 0);
    expect(generated?.attachementCount).toBe(holder?.attachementCount);
    const id = generated?.id ?? 0;

    // --- it is in the list with what is due; it opens
    const row = page
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ has: page.getByRole('link', { name: `Voir la situation ${id}` }) });
    await row.waitFor();
    const due = `${(generated?.totalAmountTTC ?? '').replace('.', ',')}€`;
    expect((await row.textContent())?.replace(/\s/g, '')).toContain(due);
    await screenshot(page, 'statements-journey-02-list');
    await row.getByRole('link', { name: `Voir la situation ${id}` }).click();
    await expectHash(page, `#/sst/situation/${id}`);
    await page.getByRole('heading', { name: new RegExp(`^Situation n° ${id} du`) }).waitFor();

    // --- its PDF downloads
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    expect(
      readFileSync(file ?? '')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // --- marked paid: locked, its attachments paid, no cancel without the option
    await page.getByRole('button', { name: 'Marquer comme payée' }).click();
    const confirm = dialog(page, 'Marquer cette situation comme payée ? Elle sera verrouillée.');
    await confirm.getByRole('button', { name: 'OK' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page
      .getByRole('heading', { name: new RegExp(`^Situation n° ${id} du`) })
      .getByText('Payée (verrouillée)')
      .waitFor();
    const invoiced = page.locator('.ant-card').filter({ hasText: 'Attachements de la situation' });
    await expect
      .poll(async () => invoiced.locator('tr.ant-table-row').filter({ hasText: 'Payé' }).count())
      .toBe(generated?.attachementCount);
    for (const action of ['Marquer comme payée', 'Ajouter un attachement', 'Annuler le paiement']) {
      expect(await page.getByRole('button', { name: action }).count(), action).toBe(0);
    }
    await screenshot(page, 'statements-journey-03-paid');
    await page.context().close();

    // --- the administrator holds DANGEROUSLY_REVERT: cancels the payment, the statement is unlocked
    const adminPage = await newPage(browser);
    adminPage.setDefaultTimeout(20_000);
    await signIn(adminPage, 'admin');
    await adminPage.goto(`${baseUrl()}/#/sst/situation/${id}`);
    const title = adminPage.getByRole('heading', { name: new RegExp(`^Situation n° ${id} du`) });
    await title.getByText('Payée (verrouillée)').waitFor();
    await adminPage.getByRole('button', { name: 'Annuler le paiement' }).click();
    const unpay = dialog(adminPage, 'Annuler le paiement de cette situation ? Elle sera déverrouillée.');
    await unpay.getByRole('button', { name: 'OK' }).click();
    await unpay.waitFor({ state: 'hidden' });
    await adminPage.getByRole('button', { name: 'Marquer comme payée' }).waitFor();
    expect(await title.getByText('Payée (verrouillée)').count()).toBe(0);
    const reverted = adminPage.locator('.ant-card').filter({ hasText: 'Attachements de la situation' });
    await expect
      .poll(async () => reverted.locator('tr.ant-table-row').filter({ hasText: 'Validé' }).count())
      .toBe(generated?.attachementCount);
    await adminPage.getByRole('tab', { name: 'Documents' }).click();
    await adminPage.getByRole('tabpanel', { name: 'Documents' }).waitFor();
    await adminPage.getByRole('tab', { name: 'Informations' }).click();
    await screenshot(adminPage, 'statements-journey-04-reverted');
    await adminPage.context().close();
  });
});
