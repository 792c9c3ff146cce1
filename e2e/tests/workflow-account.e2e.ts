import { describe, expect, it } from 'vitest';
import { baseUrl, dialog, newPage, screenshot, signIn, typeDate } from '../support/browser.js';
import { useBrowser } from '../support/journey.js';

const browser = useBrowser();

describe('my account and the role Workflow tab', () => {
  it('creates a delegation whose end before its start is reset, then deletes it', async () => {
    const page = await newPage(browser());
    await signIn(page, 'cdp');
    // the shell may still be settling after the sign-in (its own landing redirect) and close the menu as it
    // opens: each try opens the menu when it is closed and gives up on a link that does not show within 5 s
    const heading = page.getByRole('heading', { name: 'Mon compte' });
    const link = page.getByRole('link', { name: /compte/i });
    for (let attempt = 1; !(await heading.isVisible()); attempt += 1) {
      try {
        if (!(await link.isVisible())) {
          await page.locator('.isf-user-button').click();
        }
        await link.click({ timeout: 5_000 });
        await heading.waitFor({ timeout: 10_000 });
      } catch (error) {
        if (attempt >= 4) {
          throw error;
        }
      }
    }
    await page.getByRole('button', { name: /Ajouter une délégation/ }).click();
    const modal = dialog(page, 'Créer : Délégation');
    // the options first list everyone, then the people found for the typed text: pick once the search has answered
    const searched = page.waitForResponse((response) => response.url().includes('/api/delegation/users?search=Lect'));
    await modal.getByLabel('Délégataire').click();
    await modal.getByLabel('Délégataire').fill('Lect');
    await searched;
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Louis Lecteur' }).click();
    await modal.locator('.ant-select').filter({ hasText: 'Louis Lecteur (lecteur)' }).waitFor();
    await typeDate(modal.getByLabel('Fin'), '01/05/2031');
    await typeDate(modal.getByLabel('Début'), '10/05/2031');
    await expect.poll(() => modal.getByLabel('Fin').inputValue()).toBe('10/05/2031');
    await screenshot(page, 'workflow-account-create-delegation');
    const created = page.waitForResponse((response) => response.url().endsWith('/api/delegation/create'));
    await modal.getByRole('button', { name: /Créer/ }).click();
    expect((await created).status()).toBeLessThan(300);
    const given = page.getByRole('table', { name: 'Délégations données' });
    const row = given.getByRole('row').filter({ hasText: 'Louis Lecteur' });
    await row.waitFor();
    expect(await row.getByText('10/05/2031').count()).toBe(2);
    await screenshot(page, 'workflow-account-delegations');
    await row.getByRole('button', { name: /Supprimer la délégation/ }).click();
    await dialog(page, 'Êtes-vous sûr de vouloir supprimer cet élément ?').getByRole('button', { name: 'OK' }).click();
    await given.getByText('Aucune délégation').waitFor();
  });

  it('grants a role a transition in its Workflow tab', async () => {
    const page = await newPage(browser());
    await signIn(page, 'admin');
    await page.goto(`${baseUrl()}/#/roles`);
    await page.getByRole('link', { name: 'Valideur de montant' }).first().click();
    await page.getByRole('heading', { name: /Valideur de montant/ }).waitFor();
    await page.getByRole('tab', { name: 'Workflow' }).click();
    const transition = page.getByLabel('Ordre de service : Abandonner (Validée → Abandonnée)');
    await transition.waitFor();
    expect(await transition.isChecked()).toBe(false);
    expect(
      await page
        .getByLabel(
          'Ordre de service : Valider le montant et envoyer au sous-traitant (Validation du montant → Validation sous-traitant)',
        )
        .isChecked(),
    ).toBe(true);
    await screenshot(page, 'workflow-role-tab');
    await page.getByRole('button', { name: /Modifier/ }).click();
    await transition.check();
    await page.getByRole('button', { name: /Enregistrer/ }).click();
    await page.getByRole('button', { name: /Modifier/ }).waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Workflow' }).click();
    await page.getByLabel('Ordre de service : Abandonner (Validée → Abandonnée)').waitFor();
    expect(await page.getByLabel('Ordre de service : Abandonner (Validée → Abandonnée)').isChecked()).toBe(true);
  });
});
