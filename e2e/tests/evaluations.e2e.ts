import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, dialog, expectHash, newPage, screenshot, signIn } from '../support/browser.js';
import { useBrowser } from '../support/journey.js';

const browser = useBrowser();

/** Clicks the n-th star (1 to 5) of the rating labelled `label` in the dialog. */
async function rate(page: Page, title: string, label: string, stars: number) {
  await dialog(page, title)
    .locator('.ant-form-item')
    .filter({ hasText: label })
    .locator('.ant-rate-star')
    .nth(stars - 1)
    .click();
}

describe('evaluations journey', () => {
  it('rates a demo agency, then reads the dashboard down to the markets', async () => {
    const page = await newPage(browser());
    page.setDefaultTimeout(15_000);
    await signIn(page, 'admin');

    await page.goto(`${baseUrl()}/#/sst/agencies`);
    const firstAgency = page.locator('.ant-table-row').first().getByRole('link').first();
    await firstAgency.click();
    await expectHash(page, /^#\/sst\/agency\/\d+$/);
    await page.getByRole('tab', { name: 'Évaluations' }).click();
    const rows = page.getByRole('tabpanel').locator('.ant-table-row');
    await rows.first().waitFor();

    const safetyTitle = 'Nouvelle évaluation sécurité';
    await page.getByRole('button', { name: safetyTitle }).click();
    await rate(page, safetyTitle, 'Sécurité', 4);
    await dialog(page, safetyTitle).getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Évaluation enregistrée.').waitFor();

    const procurementTitle = 'Nouvelle évaluation achats';
    await page.getByRole('button', { name: procurementTitle }).click();
    await rate(page, procurementTitle, 'RSE', 2);
    await rate(page, procurementTitle, 'Relationnel', 5);
    await dialog(page, procurementTitle).getByRole('button', { name: 'Valider' }).click();
    await dialog(page, procurementTitle)
      .getByText('Un commentaire est obligatoire pour une note inférieure à 3 étoiles.')
      .waitFor();
    await screenshot(page, 'evaluations-comment-required');
    await dialog(page, procurementTitle).getByLabel('Commentaire').fill('Bilan carbone non fourni.');
    await dialog(page, procurementTitle).getByRole('button', { name: 'Valider' }).click();
    // newest first: the procurement rating, then the safety one, both given today
    const today = new Date().toLocaleDateString('fr-FR');
    await rows.first().filter({ hasText: 'Bilan carbone non fourni.' }).waitFor();
    expect(await rows.nth(0).textContent()).toContain(today);
    expect(await rows.nth(1).textContent()).toMatch(new RegExp(`${today}.*Sécurité`));
    await screenshot(page, 'evaluations-agency-panel');

    await page.goto(`${baseUrl()}/#/evaluation/synthese`);
    await page.getByRole('img', { name: 'Jauge de la note moyenne' }).locator('canvas').waitFor();
    await page.getByRole('img', { name: 'Radar des critères' }).locator('canvas').waitFor();
    const companyRow = page.locator('.ant-table-row').filter({ hasText: 'Fibres Réseaux Aquitaine' });
    await companyRow.locator('.ant-table-row-expand-icon').click();
    const agencyRow = page.locator('.ant-table-expanded-row .ant-table-row').first();
    await agencyRow.locator('.ant-table-row-expand-icon').click();
    await page.getByText("Évaluations de l'agence (sécurité, achats)").waitFor();
    await page
      .locator('.ant-table-expanded-row')
      .getByText(/^Marché /)
      .first()
      .waitFor();
    await page.waitForTimeout(800);
    await screenshot(page, 'evaluations-dashboard');
  });
});
