import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, expectHash, login, newPage, screenshot } from '../support/browser.js';
import { useBrowser } from '../support/journey.js';

const browser = useBrowser();

async function openAgency(page: Page, name: string) {
  await page.goto(`${baseUrl()}/#/sst/agencies`);
  await page.locator('a[href^="#/sst/agency/"]', { hasText: name }).click();
  await expectHash(page, /^#\/sst\/agency\/\d+$/);
  await page.getByRole('heading', { name: `Agence : ${name}` }).waitFor();
}

/** The visible icon of that name (the inactive tab panes keep theirs in the page). */
const visibleIcon = (page: Page, name: string) => page.getByRole('img', { name, exact: true }).filter({ visible: true });

describe('agency legal folder journey', () => {
  it('reads the legal folder of a followed demo agency and refreshes its status icons', async () => {
    const page = await newPage(browser());
    page.setDefaultTimeout(15_000);
    await login(page, 'admin', 'admin');
    await expectHash(page, /^#\/$/);

    // Seeded as "to watch" with incomplete documents; the platform says its URSSAF attestation expires soon.
    await openAgency(page, 'Télécom Travaux Sud-Ouest');
    await visibleIcon(page, 'À surveiller').waitFor();
    await visibleIcon(page, 'Documents incomplets').waitFor();

    await page.getByRole('tab', { name: 'Documents administratifs' }).click();
    for (const category of ['Documents légaux', 'Obligations sociales', 'Obligations fiscales', 'Assurances']) {
      await page.getByText(category, { exact: true }).waitFor();
    }
    const urssaf = page.getByRole('row').filter({ hasText: 'Attestation de vigilance URSSAF' });
    await urssaf.getByText('Expire bientôt').waitFor();
    expect(await urssaf.getByRole('img', { name: 'Disponible', exact: true }).count()).toBe(1);
    await page.getByRole('row').filter({ hasText: 'Extrait Kbis de moins de 3 mois' }).getByText('Valide').waitFor();
    await visibleIcon(page, 'À surveiller').waitFor();
    await visibleIcon(page, 'Documents complets').waitFor();
    await page.getByText('Inscrit', { exact: true }).waitFor();
    await screenshot(page, '40-agency-legal-folder');

    // Back on the information, the folder icon says complete now.
    await page.getByRole('tab', { name: 'Informations' }).click();
    await visibleIcon(page, 'Documents complets').waitFor();
    expect(await visibleIcon(page, 'Documents incomplets').count()).toBe(0);
    await page.context().close();
  });

  it('turns the follow-up on for a supplier not onboarded and invites it by mail', async () => {
    const page = await newPage(browser());
    page.setDefaultTimeout(15_000);
    await login(page, 'admin', 'admin');
    await expectHash(page, /^#\/$/);

    await openAgency(page, 'Génie Civil Garonne');
    await page.getByRole('tab', { name: 'Documents administratifs' }).click();
    await page.getByText("Le suivi e-attestation n'est pas activé pour cette agence", { exact: false }).waitFor();

    await page.getByRole('tab', { name: 'Informations' }).click();
    await page.getByRole('button', { name: 'Modifier' }).click();
    expect(await page.getByLabel("E-mail d'invitation").count()).toBe(0);
    await page.getByRole('switch', { name: 'Suivi e-attestation' }).click();
    const inviteMail = page.getByLabel("E-mail d'invitation");
    await inviteMail.waitFor();
    await page.getByText("n'est pas encore inscrit sur la plate-forme e-attestation", { exact: false }).waitFor();
    await inviteMail.fill('conformite@gcg.example');
    await screenshot(page, '41-agency-invite-mail');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('button', { name: 'Modifier' }).waitFor();
    expect(await inviteMail.inputValue()).toBe('conformite@gcg.example');

    await page.getByRole('tab', { name: 'Documents administratifs' }).click();
    await page.getByText('Une invitation est en attente', { exact: false }).waitFor();
    await page.getByText('Invitation envoyée à conformite@gcg.example', { exact: false }).waitFor();
    await visibleIcon(page, 'En anomalie').waitFor();
    await screenshot(page, '42-agency-legal-invited');
    await page.context().close();
  });
});
