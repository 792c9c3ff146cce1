import { describe, expect, it } from 'vitest';
import { api, tokenOf } from '../support/api.js';
import { baseUrl, dialog, expectHash, newPage, screenshot, signIn } from '../support/browser.js';
import { choose, createContract, demoContract, openPicker, pick, pickIn } from '../support/contracts.js';
import { unique, useBrowser } from '../support/journey.js';

const browser = useBrowser();

describe('the market form’s contract picker', () => {
  it('the market form chooses its contract with the picker among its agency’s contracts, and the contract lists the market', {
    timeout: 180_000,
  }, async () => {
    const admin = await tokenOf('admin');
    const demo = await demoContract(admin);
    const number = `CT-MARCHE-${unique}`;
    const contractId = await createContract(admin, demo, number);
    // a contract of another agency, which the picker must not offer
    const contracts = await api<{ content: { contractNumber: string; agencyName: string }[] }>(
      '/contracts?size=200&sort=id,asc',
      admin,
    );
    const other = contracts.content.find((row) => row.agencyName !== demo.agencyName);
    if (!other) {
      throw new Error('no demo contract of another agency');
    }

    const page = await newPage(browser());
    page.setDefaultTimeout(30_000);
    await signIn(page, 'admin');
    const edifice = `MARCHE-CT-${unique}`;
    await page.goto(`${baseUrl()}/#/sst/markets`);
    await page.getByRole('button', { name: 'Créer' }).click();
    const modal = dialog(page, 'Nouveau marché');
    await modal.getByLabel('Code Edifice').fill(edifice);
    // the 'Choisir' buttons: agency, project, contract; the contract waits for the agency
    const chooseContract = modal.getByRole('button', { name: 'Choisir' }).nth(2);
    expect(await chooseContract.isDisabled()).toBe(true);
    await pick(page, modal, 0, 'Agence', demo.agencyName, 'Nom');
    await expect.poll(() => chooseContract.isDisabled()).toBe(false);
    await pick(page, modal, 1, 'Projet', 'Déploiement Bordeaux lot 1', 'Nom');
    await modal.getByLabel('Montant maximum DC4 (HT)').fill('90000');
    await choose(page, modal, 'Type de paiement', 'Virement');
    await choose(page, modal, 'Condition de paiement', '30 jours fin de mois');

    // the picker offers the agency's contracts only: another agency's number finds nothing
    const picker = await openPicker(page, modal, 2, 'Contrat');
    await picker.locator('tr.ant-table-row').first().waitFor();
    expect(await picker.locator('tr.ant-table-row').filter({ hasNotText: demo.agencyName }).count()).toBe(0);
    await picker.getByLabel('Filtrer Numéro de contrat').fill(other.contractNumber);
    await picker.locator('.ant-empty').waitFor();
    expect(await picker.locator('tr.ant-table-row').count()).toBe(0);
    await screenshot(page, 'contracts-14-market-contract-picker');
    await pickIn(page, picker, number, 'Numéro de contrat');
    await expect.poll(() => modal.getByPlaceholder('select an item').nth(2).inputValue()).toBe(number);
    await screenshot(page, 'contracts-15-market-form');
    await modal.getByRole('button', { name: 'Créer' }).click();
    await expectHash(page, /^#\/sst\/market\/\d+$/);
    const marketId = Number(page.url().split('/').pop());
    await page.getByRole('heading', { name: `Marché : ${edifice}` }).waitFor();
    const market = await api<{ contract: number | null; contractNumber: string | null }>(`/market/${marketId}`, admin);
    expect(market).toMatchObject({ contract: contractId, contractNumber: number });

    // the contract's Contractor agreement tab lists the market, linked
    await page.goto(`${baseUrl()}/#/sst/contract/${contractId}`);
    await page.getByRole('heading', { name: `Contrat : ${number}` }).waitFor();
    await page.getByRole('tab', { name: 'Contrat de sous-traitance' }).click();
    const marketLink = page
      .getByRole('tabpanel', { name: 'Contrat de sous-traitance' })
      .getByRole('link', { name: edifice, exact: true });
    await marketLink.waitFor();
    expect(await marketLink.getAttribute('href')).toBe(`#/sst/market/${marketId}`);
    await screenshot(page, 'contracts-16-contract-markets');
    await page.context().close();
  });
});
