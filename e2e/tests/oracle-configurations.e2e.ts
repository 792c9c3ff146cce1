import { describe, expect, it } from 'vitest';
import { baseUrl, dialog, expectHash, newPage, screenshot, signIn } from '../support/browser.js';
import { useBrowser } from '../support/journey.js';

const browser = useBrowser();

const WARNING =
  'Attention : modifier ces valeurs change directement les commandes et les réceptions envoyées au système comptable (Oracle).';

describe('Oracle configuration', () => {
  it('edits a value, synchronises the Oracle projects and finds the task in /tasks', async () => {
    const page = await newPage(browser());
    page.setDefaultTimeout(15_000);
    await signIn(page, 'admin');
    await page.getByRole('menuitem', { name: 'Administration' }).hover();
    await page.getByRole('link', { name: 'Configuration Oracle' }).click();
    await expectHash(page, '#/oracleconfigurations');
    await page.getByRole('heading', { name: 'Configuration Oracle' }).waitFor();
    await page.getByText(WARNING).waitFor();
    await page.getByRole('cell', { name: 'PO_CURRENCY_CODE' }).waitFor();
    await screenshot(page, 'oracle-configurations-01-list');

    await page.getByRole('link', { name: 'Acheteur des commandes' }).click();
    await expectHash(page, /^#\/oracleconfiguration\/\d+$/);
    await page.getByRole('heading', { name: 'Paramètre Oracle : Acheteur des commandes' }).waitFor();
    await page.getByRole('button', { name: 'Modifier' }).click();
    expect(await page.getByLabel('Code').isDisabled()).toBe(true);
    expect(await page.getByLabel('Nom').isDisabled()).toBe(true);
    const value = page.getByLabel('Valeur');
    await value.fill('');
    await value.blur();
    await page.getByText('Ce champ est obligatoire.').waitFor();
    await value.fill('  Achats Réseaux Sud-Ouest  ');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('button', { name: 'Modifier' }).waitFor();
    expect(await value.inputValue()).toBe('Achats Réseaux Sud-Ouest');
    await screenshot(page, 'oracle-configurations-02-detail-saved');

    await page.getByRole('link', { name: 'Retour à la liste' }).click();
    await expectHash(page, '#/oracleconfigurations');
    await page.getByRole('cell', { name: 'Achats Réseaux Sud-Ouest' }).waitFor();

    // the simulator answers at once: hold the reply a moment so the running state can be seen
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/oracle/projects/sync', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: /Synchroniser les projets/ }).click();
    await page.getByText('Synchronisation des projets Oracle en cours !').waitFor();
    await screenshot(page, 'oracle-configurations-03-sync-running');
    release();
    await page.getByText(/Synchronisation terminée : 36 projets Oracle et \d+ tâches reçus pour 3 business units\./).waitFor();
    await page.getByText('Synchronisation des projets Oracle en cours !').waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'Tâches', exact: true }).last().click();
    await expectHash(page, '#/tasks');
    await page.getByLabel('Filtrer Entité').fill('oracle_project');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await row.locator('.ant-tag', { hasText: 'SUCCESS' }).waitFor();
    await row.getByText(/BU Occitanie : 12 projet\(s\) reçu\(s\)/).waitFor();
    await row.getByRole('link', { name: 'Alice Administratrice' }).waitFor();
    await screenshot(page, 'oracle-configurations-04-task');
    await page.context().close();
  });

  it("renames a user with the name Oracle knows from the user's detail", async () => {
    const page = await newPage(browser());
    page.setDefaultTimeout(15_000);
    await signIn(page, 'admin');
    await page.goto(`${baseUrl()}/#/users`);
    await page.getByRole('link', { name: 'comptable', exact: true }).click();
    await page.getByRole('heading', { name: 'Utilisateur : Claude Comptable (comptable)' }).waitFor();
    await page.getByRole('button', { name: /Renommer depuis Oracle/ }).click();
    await dialog(page, /personne Oracle qui a son adresse mail/)
      .getByRole('button', { name: 'OK' })
      .click();
    await page.getByText("L'utilisateur porte maintenant le nom connu d'Oracle : Claude Carrère.").waitFor();
    await page.getByRole('heading', { name: 'Utilisateur : Claude Carrère (comptable)' }).waitFor();
    await screenshot(page, 'oracle-configurations-05-user-renamed');
    await page.context().close();
  });
});
