import type { Locator, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { baseUrl, dialog, expectHash, login, newPage, screenshot } from '../support/browser.js';
import { useBrowser } from '../support/journey.js';

const browser = useBrowser();

/** A screenshot of the page as a person sees it: from the top, dialogs done opening. */
/** The visible dialog holding a text (antd renders confirm titles twice, one hidden). */
/** Picks a row in the picker of a tab, then adds it. */
async function attach(page: Page, tab: Locator, pickerTitle: string, row: string) {
  await tab.getByRole('button', { name: 'Choisir' }).click();
  await dialog(page, `Sélectionner : ${pickerTitle}`).getByRole('cell', { name: row, exact: true }).click();
  await tab.getByRole('button', { name: 'Ajouter' }).click();
}

describe('projects and the ERP', () => {
  it('syncs a project with Oracle, attaches an Oracle project and an OSCAR project, and reads its quantities', async () => {
    const page = await newPage(browser());
    await login(page, 'admin', 'admin');
    await expectHash(page, /^#\/$/);
    await page.goto(`${baseUrl()}/#/projects`);
    await page.getByRole('link', { name: 'P02-TOU-2', exact: true }).click();
    await expectHash(page, /^#\/project\/\d+$/);
    await page.getByRole('heading', { name: 'Projet : P02-TOU-2 — Déploiement Toulouse lot 2' }).waitFor();

    // the simulator answers at once: hold the reply a moment so the running state can be seen
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/oracle/project/*/sync', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('tab', { name: 'Projets Oracle' }).click();
    const oracleTab = page.getByRole('tabpanel', { name: 'Projets Oracle' });
    await oracleTab.getByRole('button', { name: 'Synchroniser avec Oracle' }).click();
    await oracleTab.getByText('Synchronisation avec Oracle des projets: En cours...').waitFor();
    await screenshot(page, '30-project-oracle-sync-running');
    release();
    await page.getByText(/Synchronisation terminée : 12 projets Oracle et \d+ tâches reçus\./).waitFor();
    await oracleTab.getByText('Synchronisation avec Oracle des projets: En cours...').waitFor({ state: 'hidden' });

    // the demo already attaches PRJ-31-RACC-2023 to P02-TOU-2 (and PRJ-31-FTTH-2022 to P02-TOU-1)
    await oracleTab.getByRole('cell', { name: 'PRJ-31-RACC-2023', exact: true }).waitFor();
    await attach(page, oracleTab, 'Projet Oracle', 'PRJ-81-FTTH-2023');
    await oracleTab.getByRole('cell', { name: 'PRJ-81-FTTH-2023', exact: true }).waitFor();
    await oracleTab
      .getByRole('row', { name: /PRJ-81-FTTH-2023/ })
      .getByRole('button', { name: /Développer la ligne|Expand row/ })
      .click();
    await oracleTab.getByRole('cell', { name: 'Tirage distribution', exact: true }).waitFor();
    await screenshot(page, '31-project-oracle-projects');

    await page.getByRole('tab', { name: 'Sous-projets OSCAR' }).click();
    const oscarTab = page.getByRole('tabpanel', { name: 'Sous-projets OSCAR' });
    await attach(page, oscarTab, 'Projet OSCAR', 'Gironde THD – Phase 2');
    await oscarTab.getByRole('cell', { name: 'Gironde THD – Phase 2', exact: true }).first().waitFor();
    await oscarTab.getByRole('link', { name: 'PM-33063-014' }).waitFor();
    await screenshot(page, '32-project-oscar-subprojects');

    await oscarTab.getByRole('link', { name: 'PM-33063-014' }).click();
    await expectHash(page, /^#\/oscarsubproject\/\d+$/);
    await page.getByRole('heading', { name: 'Sous-projet OSCAR : PM-33063-014' }).waitFor();
    await page.getByText('NRO BDX01 Bastide').waitFor();
    await screenshot(page, '33-oscar-subproject-information');
    await page.getByRole('tab', { name: 'Quantités de la base de construction' }).click();
    const quantities = page.getByRole('tabpanel', { name: 'Quantités de la base de construction' });
    await quantities.getByRole('row', { name: /Prises FTTH\s*412/ }).waitFor();
    await screenshot(page, '34-oscar-subproject-quantities');

    await page.goto(`${baseUrl()}/#/oscarsubprojects`);
    await page.getByRole('link', { name: 'PM-33281-002' }).click();
    await page.getByRole('heading', { name: 'Sous-projet OSCAR : PM-33281-002' }).waitFor();
    await page.getByRole('tab', { name: 'Quantités de la base de construction' }).click();
    await page.getByText('Aucune quantité de base de construction pour ce sous-projet.').waitFor();
    await page.goto(`${baseUrl()}/#/oscarsubprojects`);
    await page.getByRole('link', { name: 'PM-33063-014' }).waitFor();
    await screenshot(page, '35-oscar-subproject-list');
    await page.context().close();
  });
});
