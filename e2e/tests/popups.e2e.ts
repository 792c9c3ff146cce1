import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, dialog, expectHash, login, newPage, screenshot } from '../support/browser.js';
import { useBrowser } from '../support/journey.js';

const browser = useBrowser();

/** Signs in and waits for the home screen and for the shell's question about popups to be answered. */
async function signIn(page: Page, username: string, password: string) {
  const popupsAsked = page.waitForResponse((response) => response.url().endsWith('/api/popup-notification/me'));
  await login(page, username, password);
  await expectHash(page, /^#\/$/);
  await page.getByText(/^Bonjour, /).waitFor();
  return popupsAsked;
}

/** The visible dialog holding a text (antd renders confirm titles twice, one hidden). */
describe('popup journey', () => {
  it('an administrator targets the reader with a popup, which the reader sees once, closes, and the admin follows', async () => {
    const title = `Maintenance ${Date.now() % 1_000_000}`;
    const admin = await newPage(browser());
    await signIn(admin, 'admin', 'admin');
    await admin.getByRole('menuitem', { name: 'Administration' }).hover();
    await admin.getByRole('link', { name: 'Popups' }).click();
    await expectHash(admin, /^#\/popups-management$/);
    await admin.getByRole('button', { name: 'Créer' }).click();
    await expectHash(admin, /^#\/popups-management\/new$/);
    await admin.getByRole('heading', { name: 'Nouvelle popup' }).waitFor();
    // Users and Information appear only for an existing popup
    expect(await admin.getByRole('tab').allTextContents()).toEqual(['Contenu']);

    await admin.getByRole('button', { name: 'Enregistrer' }).click();
    await admin.getByText('Ce champ est obligatoire.').waitFor();
    await admin.getByLabel('Titre').fill(title);
    await admin
      .getByRole('textbox', { name: 'Contenu' })
      .fill(
        "## Samedi matin\nL'application sera **indisponible** de 8 h à 12 h.\n\n- pensez à enregistrer\n- [aide](https://isf.example/aide)",
      );
    await admin.getByRole('button', { name: 'Aperçu' }).click();
    const preview = dialog(admin, title);
    await preview.getByText('indisponible').waitFor();
    await screenshot(admin, 'popups-01-preview');
    await preview.locator('.ant-modal-footer').getByRole('button', { name: 'Fermer' }).click();
    await admin.getByRole('button', { name: 'Enregistrer' }).click();
    await expectHash(admin, /^#\/popups-management\/\d+$/);
    await admin.getByRole('heading', { name: `Popup : ${title}` }).waitFor();
    const popupUrl = admin.url();

    await admin.getByRole('tab', { name: 'Utilisateurs' }).click();
    await admin.getByRole('button', { name: 'Ajouter des utilisateurs' }).click();
    const finder = dialog(admin, 'Ajouter des utilisateurs à la popup');
    await finder.getByLabel('Rôles').click();
    await admin
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Consultation référentiel' })
      .click();
    await finder.getByText(/Utilisateurs actifs qui remplissent/).click();
    const candidate = finder.getByRole('row', { name: /Louis Lecteur/ });
    await candidate.waitFor();
    expect(await finder.getByRole('row', { name: /Alice Administratrice/ }).count()).toBe(0);
    await candidate.getByRole('checkbox').check();
    await screenshot(admin, 'popups-02-add-users');
    await finder.getByRole('button', { name: 'Ajouter la sélection (1)' }).click();
    const usersTab = admin.getByRole('tabpanel', { name: 'Utilisateurs' });
    const targeted = usersTab.getByRole('row', { name: /Louis Lecteur/ });
    await targeted.getByRole('cell', { name: 'lecteur@isf.example' }).waitFor();
    await targeted.getByRole('cell', { name: 'Consultation référentiel' }).waitFor();
    await screenshot(admin, 'popups-03-users');

    const reader = await newPage(browser());
    await signIn(reader, 'lecteur', 'lecteur');
    const shown = dialog(reader, title);
    await shown.getByRole('heading', { name: 'Samedi matin' }).waitFor();
    await shown.getByRole('link', { name: 'aide' }).waitFor();
    await screenshot(reader, 'popups-04-shown-to-reader');
    await shown.locator('.ant-modal-footer').getByRole('button', { name: 'Fermer' }).click();
    await shown.waitFor({ state: 'hidden' });
    await reader.goto(`${baseUrl()}/#/logout`);

    const popupsAsked = await signIn(reader, 'lecteur', 'lecteur');
    expect(await (await popupsAsked).json()).toEqual([]);
    await reader.waitForTimeout(500);
    expect(await reader.getByRole('dialog').filter({ hasText: title }).count()).toBe(0);
    await screenshot(reader, 'popups-05-not-shown-again');
    await reader.context().close();

    await admin.goto(popupUrl);
    await admin.getByRole('tab', { name: 'Informations' }).click();
    const information = admin.getByRole('tabpanel', { name: 'Informations' });
    const row = information.getByRole('row', { name: /Louis Lecteur/ });
    await row.waitFor();
    const dates = await row.getByRole('cell').allTextContents();
    const stamps = dates.filter((text) => /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/.test(text));
    expect(stamps, dates.join(' | ')).toHaveLength(2);
    await screenshot(admin, 'popups-06-information');

    await admin.getByRole('link', { name: 'Retour à la liste' }).click();
    await expectHash(admin, /^#\/popups-management$/);
    const listed = admin.getByRole('row', { name: new RegExp(title) });
    await listed.getByRole('cell', { name: 'Active', exact: true }).waitFor();
    await screenshot(admin, 'popups-07-list');
    await admin.context().close();
  });
});
