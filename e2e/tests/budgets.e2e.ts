import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, tokenOf } from '../support/api.js';
import { baseUrl, newPage, screenshot, signIn, typeDate } from '../support/browser.js';
import { useBrowser, useDownloadsDir } from '../support/journey.js';

const browser = useBrowser();
const downloads = useDownloadsDir('budgets');

type Page1<T> = { content: T[]; totalElements: number };

/** Clicks the list's CSV button and returns the downloaded file's text (BOM removed). */
async function downloadCsv(page: Page, name: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /Télécharger CSV/ }).click(),
  ]);
  const file = path.join(downloads, `${name}-${download.suggestedFilename() || 'export.csv'}`);
  await download.saveAs(file);
  return readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
}

/** The table's body rows (the filter row and the totals row aside). */
const bodyRows = (page: Page) => page.locator('.ant-table-tbody > tr.ant-table-row');

describe('the budget screens (accountant)', () => {
  it('opens DC4, OD mask, quantitatives and retentions from the Budgets menu, each filtered and downloaded', async () => {
    const token = await tokenOf('comptable');
    const page = await newPage(browser());
    await signIn(page, 'comptable');

    // the menu of the accountant holds the four budget screens
    // the submenu opens on hover and may close again before a slow click lands: hover and click until it navigates
    await expect
      .poll(
        async () => {
          await page.getByRole('menu', { name: 'Menu principal' }).getByText('Budgets', { exact: true }).hover();
          await page
            .getByRole('menuitem', { name: 'DC4' })
            .click({ timeout: 5_000 })
            .catch(() => undefined);
          return page.evaluate(() => window.location.hash);
        },
        { timeout: 30_000 },
      )
      .toBe('#/budget/dc4');

    // DC4: filtered on one market, its figures as the API gives them, the CSV of the filtered rows
    const dc4 = await api<Page1<{ id: number; marketEdifice: string; availableOnDc4: string }>>('/budget/dc4?sort=id,asc', token);
    const market = dc4.content.find((row) => Number(row.availableOnDc4) !== 0) ?? dc4.content[0];
    expect(market).toBeDefined();
    await bodyRows(page).first().waitFor();
    await page.getByLabel('Filtrer Contrat de sous-traitance').fill(market?.marketEdifice ?? '');
    await page.waitForFunction(
      (edifice) =>
        [...document.querySelectorAll('.ant-table-tbody > tr.ant-table-row')].every((row) => row.textContent?.includes(edifice)),
      market?.marketEdifice ?? '',
    );
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    await expect.poll(() => page.locator('.isf-summary-row').textContent()).toMatch(/Total/);
    await page.mouse.move(700, 700);
    await page.getByRole('menuitem', { name: 'Masque OD' }).waitFor({ state: 'hidden' });
    await screenshot(page, 'budgets-01-dc4');
    const dc4Csv = await downloadCsv(page, 'dc4');
    expect(dc4Csv.split('\n')[0]).toContain('Disponible sur DC4');
    expect(dc4Csv).toContain(market?.marketEdifice ?? '');
    expect(dc4Csv.trim().split('\n')).toHaveLength(2);

    // OD mask: the statements of today (the demo's), then an empty range
    const today = new Date().toISOString().slice(0, 10);
    const od = await api<Page1<{ attachmentReference: string }>>(`/budget/od?startDate=${today}&endDate=${today}`, token);
    expect(od.totalElements).toBeGreaterThan(0);
    await page.goto(`${baseUrl()}/#/budget/od`);
    const todayFr = today.split('-').reverse().join('/');
    await typeDate(page.getByLabel('Date de début'), todayFr);
    await typeDate(page.getByLabel('Date de fin'), todayFr);
    await page
      .getByText(od.content[0]?.attachmentReference ?? '', { exact: true })
      .first()
      .waitFor();
    await expect.poll(() => bodyRows(page).count()).toBe(Math.min(od.totalElements, 50));
    await page.mouse.move(5, 850);
    await screenshot(page, 'budgets-02-od');
    const odCsv = await downloadCsv(page, 'od');
    expect(odCsv.split('\n')[0]).toContain('Devise');
    expect(odCsv).toContain('EUR');
    expect(odCsv.trim().split('\n')).toHaveLength(od.totalElements + 1);
    await typeDate(page.getByLabel('Date de début'), '01/01/2001');
    await typeDate(page.getByLabel('Date de fin'), '31/01/2001');
    await page.getByText('no data', { exact: true }).waitFor();

    // quantitatives: filtered on the same market
    await page.goto(`${baseUrl()}/#/budget/quantitatives`);
    await bodyRows(page).first().waitFor();
    await page.getByLabel('Filtrer Contrat de sous-traitance').fill(market?.marketEdifice ?? '');
    await page.waitForFunction(
      (edifice) =>
        [...document.querySelectorAll('.ant-table-tbody > tr.ant-table-row')].every((row) => row.textContent?.includes(edifice)),
      market?.marketEdifice ?? '',
    );
    await page.mouse.move(5, 850);
    await screenshot(page, 'budgets-03-quantitatives');
    const quantities = await downloadCsv(page, 'quantitatives');
    expect(quantities.split('\n')[0]).toContain('Quantité réalisée');
    expect(
      quantities
        .trim()
        .split('\n')
        .slice(1)
        .every((line) => line.includes(market?.marketEdifice ?? '')),
    ).toBe(true);

    // retentions and guarantees: filtered on one order
    const warranties = await api<Page1<{ id: number; reference: string; rg: string }>>('/budget/warranties', token);
    const order = warranties.content.find((row) => Number(row.rg) > 0) ?? warranties.content[0];
    await page.goto(`${baseUrl()}/#/budget/warranties`);
    await bodyRows(page).first().waitFor();
    await page.getByLabel('Filtrer Commande').fill(order?.reference ?? '');
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    await page.mouse.move(5, 850);
    await screenshot(page, 'budgets-04-warranties');
    const rgCsv = await downloadCsv(page, 'warranties');
    expect(rgCsv.split('\n')[0]).toContain('Caution (loi 71-584)');
    expect(rgCsv).toContain(order?.reference ?? '');
  });

  it('keeps the budget screens from a subcontractor', async () => {
    const page = await newPage(browser());
    await signIn(page, 'sst');
    await page.getByRole('menu', { name: 'Menu principal' }).waitFor();
    expect(await page.getByRole('menu', { name: 'Menu principal' }).getByText('Budgets', { exact: true }).count()).toBe(0);
    await page.goto(`${baseUrl()}/#/budget/dc4`);
    await page.getByText('access not granted').first().waitFor({ state: 'attached' });
    await page.waitForFunction(() => !window.location.hash.startsWith('#/budget'));
  });
});
