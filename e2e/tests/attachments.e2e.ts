import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiCall, moveByApi, tokenOf } from '../support/api.js';
import { baseUrl, dialog, expectHash, newPage, screenshot, signIn, typeDate } from '../support/browser.js';
import { installed, screenshotPdf, unique, useBrowser, useDownloadsDir } from '../support/journey.js';

const browser = useBrowser();
const downloads = useDownloadsDir('attachments');

/** Money in cents (integers, never a binary float), as the screens write it once spaces are removed: "56969,25€". */
const euros = (cents: bigint) => `${cents / 100n},${String(cents % 100n).padStart(2, '0')}€`;
/** Half-up division of non-negative integers. */
const roundedDivision = (numerator: bigint, denominator: bigint) => (2n * numerator + denominator) / (2n * denominator);
/** The money as the screens write it, spaces of any kind removed. */
const compact = (text: string | null) => (text ?? '').replace(/\s/g, '');

/** Today plus `days`, as an ISO date of the local calendar, and as the French screens write it. */
function dateIn(days: number): { iso: string; fr: string } {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return { iso, fr: iso.split('-').reverse().join('/') };
}

/** The prices of the journey's BPU and the quantities ordered and attached, per prestation code. */
const LINES = [
  { code: 'GC-001', cost: '38.50', costCents: 3850n, ordered: '2000', attached: '1400,5', attachedTenths: 14_005n },
  { code: 'GC-021', cost: '610.00', costCents: 61_000n, ordered: '20', attached: '5', attachedTenths: 50n },
];
const RG_RATE = '5.00';
const RG_RATE_HUNDREDTHS = 500n;
const DEPOSIT_CENTS = 2_000_000n;

type OracleProject = { id: number; number: string; name: string };
type OracleTask = { id: number; number: string; name: string };

/**
 * What the journey needs and the demo does not hold: a market to evaluate with a basic 5 % retention in
 * the subcontractor's agency and one of its projects charged to an Oracle project, its BPU priced,
 * validated; an order on it, validated; a deposit paid for that order. All through the API.
 */
async function prepareOrder(admin: string, sst: string, accountant: string) {
  const [demoMarket] = (await api<{ content: { id: number }[] }>('/markets?size=1', sst)).content;
  expect(demoMarket, 'the subcontractor sees a demo market').toBeDefined();
  const sample = await api<{ agency: number; paymentType: number; paymentTerm: number }>(`/market/${demoMarket?.id}`, sst);
  const projects = await api<{ content: { id: number; name: string }[] }>('/projects?size=50', sst);
  let charge: { project: number; oracleProject: OracleProject; task: OracleTask } | null = null;
  for (const project of projects.content) {
    const [oracleProject] = await api<OracleProject[]>(`/project/${project.id}/oracleprojects`, admin);
    const [task] = oracleProject ? await api<OracleTask[]>(`/oracle/project/${oracleProject.id}/tasks`, admin) : [];
    if (oracleProject && task) {
      charge = { project: project.id, oracleProject, task };
      break;
    }
  }
  if (!charge) {
    throw new Error('no project of the subcontractor is linked to an Oracle project with a task');
  }

  const edifice = `MARCHE-ATT-${unique}`;
  const market = await api<{ id: number }>('/market/create', admin, {
    edifice,
    agency: sample.agency,
    project: charge.project,
    maxAmountDC4: '250000',
    paymentType: sample.paymentType,
    paymentTerm: sample.paymentTerm,
    tva: 'basic',
    depositType: 'basic',
    rgRate: RG_RATE,
    threshold: null,
    toEvaluate: true,
  });

  const templates = await api<{ content: { id: number; name: string }[] }>('/bputemplates?size=50', admin);
  const template = templates.content.find((row) => row.name === 'BPU FTTH 2025');
  expect(template, 'the demo BPU template').toBeDefined();
  const bpu = await api<{ id: number }>('/bpu', admin, {
    name: `BPU ${edifice}`,
    bpuTemplate: template?.id,
    market: market.id,
  });
  const prestations = await api<{ id: number; code: string }[]>(`/bpu/${bpu.id}/prestations`, admin);
  const prestationOf = (code: string) => {
    const found = prestations.find((row) => row.code === code);
    expect(found, code).toBeDefined();
    return found?.id ?? 0;
  };
  const { version: bpuVersion } = await api<{ version: number }>(`/bpu/${bpu.id}`, admin);
  await apiCall('PUT', `/bpu/${bpu.id}`, admin, {
    name: `BPU ${edifice}`,
    version: bpuVersion,
    prestationSSTs: LINES.map((line) => ({ id: null, prestation: prestationOf(line.code), cost: line.cost })),
  });
  await moveByApi('subcontractor_market', market.id, 'sst_creation_validation', admin);
  await moveByApi('subcontractor_market', market.id, 'sst_accounting_validation', accountant);

  const { id: follower } = await api<{ id: number }>('/user/profile', admin);
  const created = await api<{ id: number }>('/order/create', admin, {
    name: `Génie civil cours de l'Intendance ${unique}`,
    market: market.id,
    oracleProject: charge.oracleProject.id,
    oracleTask: charge.task.id,
    endDate: dateIn(200).iso,
    follower,
  });
  const order = await api<Record<string, unknown>>(`/order/${created.id}`, admin);
  await apiCall('PUT', `/order/${created.id}`, admin, {
    ...order,
    prestationOSs: LINES.map((line) => ({ id: null, prestation: prestationOf(line.code), quantity: line.ordered })),
  });
  await moveByApi('order', created.id, 'os_submit_to_cdp', admin);
  await moveByApi('order', created.id, 'os_submit_to_sst', admin);
  await moveByApi('order', created.id, 'os_to_validated', admin);
  const depositReference = `AV-ATT-${unique}`;
  await api(`/order/${created.id}/deposit`, admin, {
    reference: depositReference,
    amount: euros(DEPOSIT_CENTS).replace(',', '.').replace('€', ''),
  });
  const { reference } = await api<{ reference: string }>(`/order/${created.id}`, admin);
  return { orderId: created.id, reference, edifice, depositReference };
}

function workflowPanel(page: Page, workflow: string): Locator {
  return page.getByRole('region', { name: `Workflow ${workflow}` });
}

/** Waits until the workflow panel shows the item on `node` (the status tag comes first, before the history). */
async function expectNode(panel: Locator, node: string) {
  await expect.poll(() => panel.locator('.ant-tag').first().textContent(), { timeout: 15_000 }).toBe(node);
}

/** Clicks the n-th star (1 to 5) of the rating labelled `label` in the dialog. */
async function rate(modal: Locator, label: string, stars: number) {
  await modal
    .locator('.ant-form-item')
    .filter({ hasText: label })
    .locator('.ant-rate-star')
    .nth(stars - 1)
    .click();
}

/** The value cell of a bordered description whose label starts with `label`. */
function description(page: Page, label: string | RegExp): Locator {
  return page.locator('th.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]');
}

describe('attachments', () => {
  it('a subcontractor attaches a validated order, the CDP sends it to amount validation rating the project, the RG and deposit follow to the warranties', {
    timeout: 240_000,
  }, async () => {
    const admin = await tokenOf('admin');
    const sst = await tokenOf('sst');
    const cdpToken = await tokenOf('cdp');
    const { orderId, reference, depositReference } = await prepareOrder(admin, sst, await tokenOf('comptable'));

    // what the quantities come to: amount = Σ round(quantity × price), RG = 5 % of it rounded to the cent,
    // the deposit taken = what is owed once the RG is withheld, within the deposit
    const amountCents = LINES.reduce((sum, line) => sum + roundedDivision(line.attachedTenths * line.costCents, 10n), 0n);
    const rgCents = roundedDivision(amountCents * RG_RATE_HUNDREDTHS, 10_000n);
    const owed = amountCents - rgCents;
    const depositUsedCents = owed < DEPOSIT_CENTS ? owed : DEPOSIT_CENTS;
    // beyond the CDP's engagement, so its validation goes through amount validation
    const cdpEngagement = (await api<{ engagement: string }>('/user/profile', cdpToken)).engagement;
    expect(BigInt(cdpEngagement.replace('.', ''))).toBeLessThan(amountCents);

    // --- the subcontractor creates the attachment from the list, on its validated order
    const subcontractor = await newPage(browser());
    subcontractor.setDefaultTimeout(15_000);
    await signIn(subcontractor, 'sst');
    await subcontractor.goto(`${baseUrl()}/#/sst/attachements`);
    await subcontractor.getByRole('button', { name: 'Créer' }).click();
    const createTitle = 'Nouvel attachement';
    const createModal = dialog(subcontractor, createTitle);
    await createModal.getByRole('button', { name: 'Choisir' }).click();
    const picker = dialog(subcontractor, 'Sélectionner : Commande');
    await picker.getByLabel('Filtrer Référence').fill(reference);
    await picker.getByRole('cell', { name: reference, exact: true }).click();
    await picker.waitFor({ state: 'hidden' });
    await createModal.getByLabel('Observation').fill('Situation de novembre : tranchée et chambres');
    await createModal.getByRole('button', { name: 'Créer' }).click();
    await expectHash(subcontractor, /^#\/sst\/attachement\/\d+$/);
    const attachmentId = Number(subcontractor.url().split('/').pop());
    const attachment = await api<{ reference: string }>(`/attachement/${attachmentId}`, sst);
    expect(attachment.reference).toBe(`${reference}-A001`);
    const title = `Attachement ${attachment.reference}`;
    await subcontractor.getByRole('heading', { name: title }).waitFor();

    // this time's quantities on the Prestations tab (the order's lines are offered in edit mode), saved
    await subcontractor.getByRole('tab', { name: 'Prestations' }).click();
    await subcontractor.getByText('Aucune prestation attachée.').waitFor();
    await subcontractor.getByRole('button', { name: /^(edit )?Modifier$/ }).click();
    for (const line of LINES) {
      await subcontractor.getByLabel(`Quantité de ${line.code}`).fill(line.attached);
    }
    const amount = subcontractor.getByTestId('attachment-prestations-amount');
    await expect.poll(async () => compact(await amount.textContent())).toBe(euros(amountCents));
    await screenshot(subcontractor, 'attachments-01-quantities');
    await subcontractor.getByRole('button', { name: /^(save )?Enregistrer$/ }).click();
    await subcontractor.getByRole('button', { name: /^(edit )?Modifier$/ }).waitFor();
    const lines = subcontractor.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => lines.count()).toBe(2);
    await expect.poll(async () => compact(await amount.textContent())).toBe(euros(amountCents));
    expect((await api<{ amount: string }>(`/attachement/${attachmentId}`, sst)).amount).toBe(
      euros(amountCents).replace(',', '.').replace('€', ''),
    );

    // submitted to the project manager from the workflow panel
    await subcontractor.getByRole('tab', { name: 'Informations' }).click();
    const sstWorkflow = workflowPanel(subcontractor, 'Attachement');
    await expectNode(sstWorkflow, 'Brouillon');
    await sstWorkflow.getByRole('button', { name: 'Soumettre au chef de projet', exact: true }).click();
    await expectNode(sstWorkflow, 'Validation chef de projet');
    await subcontractor.context().close();

    // --- the CDP sends it to amount validation, rating the project on the way
    const cdp = await newPage(browser());
    cdp.setDefaultTimeout(15_000);
    await signIn(cdp, 'cdp');
    await cdp.goto(`${baseUrl()}/#/sst/attachement/${attachmentId}`);
    await cdp.getByRole('heading', { name: title }).waitFor();
    const cdpWorkflow = workflowPanel(cdp, 'Attachement');
    await expectNode(cdpWorkflow, 'Validation chef de projet');
    await cdpWorkflow.getByRole('button', { name: 'Envoyer en validation du montant', exact: true }).click();
    const evaluation = dialog(cdp, 'Évaluation du projet');
    await evaluation.getByText(`— ${reference}`, { exact: false }).waitFor();
    await rate(evaluation, 'Qualité', 4);
    await rate(evaluation, 'Réactivité', 2);
    await rate(evaluation, 'Technique', 5);
    await evaluation.getByRole('button', { name: 'Valider' }).click();
    // below 3 stars the comment is required
    await evaluation.getByText('Un commentaire est obligatoire pour une note inférieure à 3 étoiles.').waitFor();
    await evaluation.getByLabel('Commentaire').fill('Relances nécessaires pour obtenir les plans de récolement.');
    await screenshot(cdp, 'attachments-02-evaluation');
    await evaluation.getByRole('button', { name: 'Valider' }).click();
    await cdp.getByText('Évaluation enregistrée.').waitFor();
    await evaluation.waitFor({ state: 'hidden' });
    await expectNode(cdpWorkflow, 'Validation du montant');
    // answered for the order and this month: not asked again
    const due = await api<{ due: boolean }>(`/evaluation/project/${orderId}/due?attachement=${attachmentId}`, cdpToken);
    expect(due.due).toBe(false);
    await cdp.context().close();

    // --- the amount validator validates it: the RG is withheld and the deposit consumed
    const validator = await newPage(browser());
    validator.setDefaultTimeout(15_000);
    await signIn(validator, 'valideur');
    await validator.goto(`${baseUrl()}/#/sst/attachement/${attachmentId}`);
    await validator.getByRole('heading', { name: title }).waitFor();
    const validatorWorkflow = workflowPanel(validator, 'Attachement');
    await expectNode(validatorWorkflow, 'Validation du montant');
    await validatorWorkflow.getByRole('button', { name: 'Valider le montant', exact: true }).click();
    await expectNode(validatorWorkflow, 'Validé');
    await validator.context().close();

    // --- the detail shows its RG and the deposit it used
    const admins = await newPage(browser());
    admins.setDefaultTimeout(15_000);
    await signIn(admins, 'admin');
    await admins.goto(`${baseUrl()}/#/sst/attachement/${attachmentId}`);
    await admins.getByRole('heading', { name: title }).waitFor();
    const adminsWorkflow = workflowPanel(admins, 'Attachement');
    await expectNode(adminsWorkflow, 'Validé');
    await adminsWorkflow.getByText('Validation du montant → Validé').waitFor();
    expect(compact(await description(admins, /^Montant HT$/).textContent())).toBe(euros(amountCents));
    expect(await admins.locator('th.ant-descriptions-item-label', { hasText: 'Retenue de garantie' }).textContent()).toBe(
      'Retenue de garantie (5,00 %)',
    );
    expect(compact(await description(admins, 'Retenue de garantie').textContent())).toBe(euros(rgCents));
    const depositCell = description(admins, 'Avance consommée');
    expect(compact(await depositCell.textContent())).toBe(
      compact(`${euros(depositUsedCents)}Avance ${depositReference} : ${euros(depositUsedCents)}`),
    );
    expect(compact(await description(admins, 'Net à payer HT').textContent())).toBe(
      euros(amountCents - rgCents - depositUsedCents),
    );
    expect(await description(admins, 'Validé par').textContent()).toMatch(/^Valérie Valideuse, /);
    await screenshot(admins, 'attachments-03-validated');

    // its PDF, downloaded from the detail
    const [download] = await Promise.all([
      admins.waitForEvent('download'),
      admins.getByRole('button', { name: /^(file-pdf )?PDF$/ }).click(),
    ]);
    const pdfPath = path.join(downloads, download.suggestedFilename() || 'attachement.pdf');
    await download.saveAs(pdfPath);
    expect(download.suggestedFilename()).toBe(`attachement-${attachment.reference}.pdf`);
    const pdf = readFileSync(pdfPath);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (installed('pdftotext')) {
      const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
      expect(text).toContain(attachment.reference);
      expect(text).toContain('GC-021');
      expect(text.replace(/\s/g, '')).toContain(euros(rgCents).replace('€', ''));
    }
    screenshotPdf(pdfPath, 'attachments-04-pdf');

    // --- the warranties screen: the order's RG and deposit used; a release date set on it
    await admins.goto(`${baseUrl()}/#/os/warranties`);
    await admins.getByRole('heading', { name: 'Retenues de garantie des commandes' }).waitFor();
    await admins.getByLabel('Filtrer Commande').fill(reference);
    const row = admins.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: reference });
    await expect.poll(() => admins.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    const headers = await admins.locator('.ant-table-thead tr').first().locator('th').allTextContents();
    const cell = (header: string) => row.locator('td').nth(headers.indexOf(header));
    expect(headers).toContain('RG');
    expect(compact(await cell('RG').textContent())).toBe(euros(rgCents));
    expect(compact(await cell('Avance consommée').textContent())).toBe(euros(depositUsedCents));
    expect(compact(await cell('Date libération de la RG').textContent())).toBe('');

    const release = dateIn(400);
    await row.getByRole('checkbox').check();
    const dateType = admins.getByRole('combobox', { name: 'Type de date' });
    const selected = admins.locator('.ant-select').filter({ has: dateType });
    // a dropdown still closing can take the click: choose again until the type is taken
    await expect
      .poll(
        async () => {
          if ((await selected.textContent()) !== 'Date libération de la RG') {
            await dateType.click();
            await admins
              .locator('.ant-select-dropdown:visible')
              .getByTitle('Date libération de la RG', { exact: true })
              .click({ timeout: 2_000 })
              .catch(() => undefined);
          }
          return selected.textContent();
        },
        { timeout: 15_000 },
      )
      .toBe('Date libération de la RG');
    await typeDate(admins.getByLabel('Date', { exact: true }), release.fr);
    // the money columns come after the dates: the table scrolls to them
    await cell('RG').scrollIntoViewIfNeeded();
    await screenshot(admins, 'attachments-05-warranties-before-save');
    await admins.getByRole('button', { name: /^(save )?Enregistrer$/ }).click();
    await admins.getByText('Dates enregistrées pour 1 commande(s).').waitFor();
    await expect.poll(async () => (await cell('Date libération de la RG').textContent())?.trim()).toBe(release.fr);
    // the release date is to come: the whole RG is still to release
    expect(compact(await cell('RG à libérer').textContent())).toBe(euros(rgCents));
    await cell('RG').scrollIntoViewIfNeeded();
    await screenshot(admins, 'attachments-06-warranties-saved');

    // persisted: on the order, on the reloaded screen, and the attachment's release date follows its order's
    expect((await api<{ releaseDate: string | null }>(`/order/${orderId}`, admin)).releaseDate).toBe(release.iso);
    await admins.reload();
    await admins.getByLabel('Filtrer Commande').fill(reference);
    await expect.poll(() => admins.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await expect.poll(async () => (await cell('Date libération de la RG').textContent())?.trim()).toBe(release.fr);
    expect((await api<{ rgReleaseDate: string | null }>(`/attachement/${attachmentId}`, admin)).rgReleaseDate).toBe(release.iso);
    await admins.context().close();
  });
});
