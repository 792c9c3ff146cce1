import { describe, expect, it } from 'vitest';
import { baseUrl, expectHash, login, newPage, screenshot } from '../support/browser.js';
import { useBrowser } from '../support/journey.js';

const browser = useBrowser();

describe('foundation journeys', () => {
  it('logs in as admin and lands on the home route', async () => {
    const page = await newPage(browser());
    await page.goto(`${baseUrl()}/#/login`);
    await page.getByRole('button', { name: /connexion/i }).waitFor();
    await screenshot(page, '01-login');
    await login(page, 'admin', 'admin');
    await expectHash(page, '#/');
    await page.getByText('Bonjour, Alice Administratrice').waitFor();
    await page.getByText(/API 2025\.10\.20/).waitFor();
    await screenshot(page, '02-home');
    await page.context().close();
  });

  it('shows the exact error text and status for a wrong password', async () => {
    const page = await newPage(browser());
    await login(page, 'admin', 'mauvais');
    await page.getByText('Identifiant ou mot de passe invalide !').waitFor();
    await page.getByText('Statut : 403').waitFor();
    await page.context().close();
  });

  it('loads the units list, then creates, edits and deletes a unit', async () => {
    const page = await newPage(browser());
    await login(page, 'admin', 'admin');
    await expectHash(page, '#/');
    await page.goto(`${baseUrl()}/#/units`);
    await page.getByRole('cell', { name: 'Mètre linéaire' }).waitFor();
    await screenshot(page, '03-units-list');

    const name = `Tonne ${Date.now()}`;
    await page.getByRole('button', { name: 'Créer' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Nom').fill(`  ${name}  `);
    await modal.getByLabel('Code Oracle').fill('T');
    await modal
      .getByRole('button', { name: /créer|ok|enregistrer/i })
      .last()
      .click();
    await page.waitForFunction(() => /^#\/unit\/\d+$/.test(window.location.hash));
    await page.getByRole('heading', { name: new RegExp(name) }).waitFor();

    await page.getByRole('button', { name: 'Modifier' }).click();
    const nameInput = page.getByLabel('Nom');
    await nameInput.fill(`${name} bis`);
    await screenshot(page, '04-unit-detail-edit');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('button', { name: 'Modifier' }).waitFor();
    expect(await page.getByLabel('Nom').inputValue()).toBe(`${name} bis`);

    await page.getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Êtes-vous sûr de vouloir supprimer cet élément ?' });
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expectHash(page, '#/units');
    await page.getByRole('cell', { name: 'Mètre linéaire' }).waitFor();
    expect(await page.getByRole('cell', { name: `${name} bis` }).count()).toBe(0);
    await page.context().close();
  });

  it('refuses a route the restricted profile may not read and hides the write buttons', async () => {
    const page = await newPage(browser());
    await login(page, 'lecteur', 'lecteur');
    await expectHash(page, '#/');
    await page.goto(`${baseUrl()}/#/units`);
    await page.getByRole('cell', { name: 'Mètre linéaire' }).waitFor();
    expect(await page.getByRole('button', { name: 'Créer' }).count()).toBe(0);
    await page.getByRole('cell', { name: 'Mètre linéaire' }).click();
    await page.goto(`${baseUrl()}/#/unit/1`);
    await page.getByRole('heading', { name: /Mètre linéaire/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Modifier' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Supprimer' }).count()).toBe(0);

    await page.goto(`${baseUrl()}/#/businessunits`);
    await page.getByText('access not granted').filter({ visible: true }).first().waitFor();
    await screenshot(page, '05-access-not-granted');
    expect(await page.getByRole('cell', { name: 'BU Occitanie' }).count()).toBe(0);
    await page.context().close();
  });

  it('switches the cdp user to his secondary profile from the role badge', async () => {
    const page = await newPage(browser());
    await login(page, 'cdp', 'cdp');
    await expectHash(page, '#/');
    await page.getByText('Chef de projet').first().click();
    await page.getByText('Acheteur').first().click();
    await page.getByText('Profil : Acheteur').waitFor();
    await page.context().close();
  });
});
