import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiCall, moveByApi, tokenOf } from '../support/api.js';
import { baseUrl, dialog, expectHash, newPage, screenshot, signIn } from '../support/browser.js';
import { screenshotPdf, unique, useBrowser, useDownloadsDir } from '../support/journey.js';
import { facturxXml, pdfaConformance, pdfTexts, xmlValue } from '../support/pdf-bytes.js';

const browser = useBrowser();
const downloads = useDownloadsDir('statement-generation');

/** Today plus `days`, as an ISO date of the local calendar. */
function dateIn(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Money of the API ("440.60") as the screens write it once spaces of any kind are removed: "440,60€". */
const euros = (amount: string) => `${amount.replace('.', ',')}€`;
const compact = (text: string | null) => (text ?? '').replace(/\s/g, '');
const frenchDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

type StatementDetail = {
  id: number;
  date: string;
  paidAt: string | null;
  locked: boolean;
  totalAmount: string;
  rgamount: string;
  rgreleased: string;
  totalAmountWithReleasedRG: string;
  tvaamount: string;
  totalAmountTTC: string;
  market: { id: number; edifice: string };
};
type AttachmentDetail = {
  id: number;
  reference: string;
  locked: boolean;
  version: number;
  observation: string;
  isDGD: boolean;
  statusWF: { nodeCode: string } | null;
};

/** The quantities attached, per prestation code of the demo BPU template, priced on the journey's BPU. */
const LINES = [
  { code: 'GC-001', cost: '38.50', ordered: '500', attached: ['120', '80,5'] },
  { code: 'GC-021', cost: '610.00', ordered: '10', attached: ['2', '1'] },
];

/**
 * What the journey needs and no other journey touches: a project of its own charged to an Oracle project
 * nobody else uses, a market on it (5 % RG, VAT 20 %, validated by the buyer and the accountant) with a
 * priced BPU, an order validated whose RG release date is past, and two attachments of it validated. All
 * through the API, as the administrator.
 */
async function prepareProject(admin: string, accountant: string) {
  const code = `SIT-${unique}`;
  const name = `Situations du mois ${unique}`;
  const { id: projectId } = await api<{ id: number }>('/project', admin, { name, code });
  const available = await api<{ content: { id: number; number: string }[] }>(
    `/project/${projectId}/oracleprojects/available?size=50&sort=id,desc`,
    admin,
  );
  let charge: { oracleProject: number; task: number } | null = null;
  // the Oracle projects other journeys attach or import against are left to them
  for (const candidate of available.content.filter((row) => !['PRJ-81-FTTH-2023', 'PRJ-33-FTTH-2022'].includes(row.number))) {
    const [task] = await api<{ id: number }[]>(`/oracle/project/${candidate.id}/tasks`, admin);
    if (task) {
      charge = { oracleProject: candidate.id, task: task.id };
      break;
    }
  }
  if (!charge) {
    throw new Error('no free Oracle project with a task to charge the journey to');
  }
  await apiCall('PUT', `/project/${projectId}/oracleprojects/${charge.oracleProject}`, admin);

  const [sampleMarket] = (await api<{ content: { id: number }[] }>('/markets?size=1&sort=id,asc', admin)).content;
  const sample = await api<{ agency: number; paymentType: number; paymentTerm: number }>(`/market/${sampleMarket?.id}`, admin);
  const edifice = `MARCHE-SIT-${unique}`;
  const market = await api<{ id: number }>('/market/create', admin, {
    edifice,
    agency: sample.agency,
    project: projectId,
    maxAmountDC4: '250000',
    paymentType: sample.paymentType,
    paymentTerm: sample.paymentTerm,
    tva: 'basic',
    depositType: 'basic',
    rgRate: '5.00',
    threshold: null,
    toEvaluate: false,
  });
  const templates = await api<{ content: { id: number; name: string }[] }>('/bputemplates?size=50', admin);
  const template = templates.content.find((row) => row.name === 'BPU FTTH 2025');
  expect(template, 'the demo BPU template').toBeDefined();
  const bpu = await api<{ id: number }>('/bpu', admin, { name: `BPU ${edifice}`, bpuTemplate: template?.id, market: market.id });
  const prestations = await api<{ id: number; code: string }[]>(`/bpu/${bpu.id}/prestations`, admin);
  const prestationOf = (prestationCode: string) => prestations.find((row) => row.code === prestationCode)?.id ?? 0;
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
    name: `Génie civil du mois ${unique}`,
    market: market.id,
    oracleProject: charge.oracleProject,
    oracleTask: charge.task,
    endDate: dateIn(200),
    follower,
  });
  const order = await api<Record<string, unknown>>(`/order/${created.id}`, admin);
  // dated two months ago, the RG of its attachments falls due yesterday: the generation releases it in the same statement
  await apiCall('PUT', `/order/${created.id}`, admin, {
    ...order,
    date: dateIn(-60),
    releaseDate: dateIn(-1),
    prestationOSs: LINES.map((line) => ({ id: null, prestation: prestationOf(line.code), quantity: line.ordered })),
  });
  for (const transition of ['os_submit_to_cdp', 'os_submit_to_sst', 'os_to_validated']) {
    await moveByApi('order', created.id, transition, admin);
  }

  const attachmentIds: number[] = [];
  for (const [index] of LINES[0]?.attached.entries() ?? []) {
    const { id } = await api<{ id: number }>('/attachement', admin, {
      order: created.id,
      observation: `Mois ${unique}-${index}`,
    });
    const lines = await api<{ prestation: number; lineId: number | null }[]>(
      `/attachement/${id}/prestations?displayAll=true`,
      admin,
    );
    const current = await api<AttachmentDetail>(`/attachement/${id}`, admin);
    await apiCall('PUT', `/attachement/${id}`, admin, {
      version: current.version,
      observation: current.observation,
      isDGD: current.isDGD,
      prestationAttachements: LINES.map((line) => {
        const prestation = prestationOf(line.code);
        return {
          prestation,
          quantity: line.attached[index],
          id: lines.find((row) => row.prestation === prestation)?.lineId ?? null,
        };
      }),
    });
    for (const transition of ['att_submit_to_cdp', 'att_to_validated']) {
      await moveByApi('attachement', id, transition, admin);
    }
    attachmentIds.push(id);
  }
  return { projectId, code, name, edifice, marketId: market.id, attachmentIds };
}

/** The value cell of a bordered description whose label is exactly `label`. */
function description(page: Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return page
    .locator('th.ant-descriptions-item-label')
    .filter({ hasText: new RegExp(`^${escaped}$`) })
    .locator('xpath=following-sibling::td[1]');
}

/** Confirms the feedback dialog holding `text` and waits for it to close. */
async function confirm(page: Page, text: string) {
  const modal = dialog(page, text);
  await modal.getByRole('button', { name: 'OK' }).click();
  await modal.waitFor({ state: 'hidden' });
}

describe('monthly statement generation', () => {
  it('the accountant generates the month of a project, downloads the Factur-X PDF and pays the statement, which locks it; the administrator reverts the payment', {
    timeout: 480_000,
  }, async () => {
    const admin = await tokenOf('admin');
    const accountant = await tokenOf('comptable');
    const prepared = await prepareProject(admin, accountant);

    // --- the accountant generates the project's statements from the list
    const page = await newPage(browser());
    page.setDefaultTimeout(30_000);
    await signIn(page, 'comptable');
    await page.goto(`${baseUrl()}/#/sst/situations`);
    await page.getByRole('heading', { name: 'Situations' }).waitFor();
    await page.getByRole('button', { name: /Générer$/ }).click();
    const generation = dialog(page, 'Générer les situations mensuelles');
    await generation.getByLabel('Filtrer Code').fill(prepared.code);
    const projectRow = generation.locator('tr.ant-table-row').filter({ hasText: prepared.code });
    await expect.poll(() => generation.locator('tr.ant-table-row').count(), { timeout: 30_000 }).toBe(1);
    await projectRow.getByRole('checkbox').check();
    await screenshot(page, 'statement-generation-01-projects');
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/projects/monthlyStatement') && response.request().method() === 'POST',
      { timeout: 60_000 },
    );
    await generation.getByRole('button', { name: /Générer$/ }).click();
    await confirm(page, 'Générer les situations mensuelles des projets choisis ?');
    const result = (await (await answer).json()) as { created: number; statements: { id: number; marketId: number }[] };
    expect(result.created).toBe(1);
    const [generated] = result.statements;
    expect(generated?.marketId).toBe(prepared.marketId);
    const statementId = generated?.id ?? 0;
    await page.getByText('1 situation créée.').waitFor();
    await generation.waitFor({ state: 'hidden' });

    // its row in the list, and its figures: both attachments invoiced, their RG released (due yesterday)
    const row = page
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ has: page.getByRole('link', { name: `Voir la situation ${statementId}` }) });
    await row.getByRole('link', { name: prepared.edifice }).waitFor();
    await screenshot(page, 'statement-generation-02-list');
    const statement = await api<StatementDetail>(`/situation/${statementId}`, accountant);
    const invoiced = await api<{ id: number; reference: string; amount: string; totalRg: string }[]>(
      `/situation/${statementId}/attachements`,
      accountant,
    );
    expect(invoiced.map((attachment) => attachment.id).sort((left, right) => left - right)).toEqual(prepared.attachmentIds);
    expect(statement.rgreleased).toBe(statement.rgamount);
    expect(Number(statement.rgreleased)).toBeGreaterThan(0);
    await row.getByRole('link', { name: `Voir la situation ${statementId}` }).click();
    await expectHash(page, `#/sst/situation/${statementId}`);
    const title = `Situation n° ${statementId} du ${frenchDate(statement.date)}`;
    await page.getByRole('heading', { name: title }).waitFor();
    for (const [label, amount] of [
      ['Montant total (€ HT)', statement.totalAmount],
      ['RG libérée (€)', statement.rgreleased],
      ['Montant TTC (€)', statement.totalAmountTTC],
    ] as const) {
      await expect
        .poll(async () => compact(await description(page, label).textContent()), { message: label, timeout: 30_000 })
        .toBe(euros(amount));
    }
    await screenshot(page, 'statement-generation-03-detail');

    // --- its PDF: a PDF/A-3 carrying the Factur-X XML whose totals are the statement's
    // the PDF/A and its XML are written on demand: seconds on a loaded machine
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      // the click waits for the form post it starts: as long as the download
      page.getByRole('button', { name: /^(file-pdf )?PDF$/ }).click({ timeout: 120_000 }),
    ]);
    const pdfPath = path.join(downloads, download.suggestedFilename() || 'situation.pdf');
    await download.saveAs(pdfPath);
    const pdf = readFileSync(pdfPath);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const texts = pdfTexts(pdf);
    expect(pdfaConformance(texts)).toBe('3B');
    expect(texts.some((text) => text.includes('factur-x.xml'))).toBe(true);
    const xml = facturxXml(texts);
    expect(xml, 'the Factur-X XML embedded in the PDF').not.toBeNull();
    // the EN 16931 profile, VAT category S (standard rate: the market's 20 %)
    expect(xml).toMatch(/<ram:GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID>urn:cen\.eu:en16931:2017<\/ram:ID>/);
    expect(xmlValue(xml ?? '', 'ram:CategoryCode')).toBe('S');
    expect(xmlValue(xml ?? '', 'ram:DuePayableAmount')).toBe(statement.totalAmountTTC);
    expect(xmlValue(xml ?? '', 'ram:TaxBasisTotalAmount')).toBe(statement.totalAmountWithReleasedRG);
    expect(xmlValue(xml ?? '', 'ram:TaxTotalAmount')).toBe(statement.tvaamount);
    expect(xmlValue(xml ?? '', 'ram:GrandTotalAmount')).toBe(statement.totalAmountTTC);
    screenshotPdf(pdfPath, 'statement-generation-04-pdf');

    // --- paid: the statement and its attachments are locked, their actions gone, their edits refused
    await page.getByRole('button', { name: 'Marquer comme payée' }).click();
    await confirm(page, 'Marquer cette situation comme payée ? Elle sera verrouillée.');
    await page.getByRole('heading', { name: title }).getByText('Payée (verrouillée)', { exact: true }).waitFor();
    for (const action of ['Marquer comme payée', 'Ajouter un attachement', 'Libérer des RG', 'Supprimer']) {
      expect(await page.getByRole('button', { name: action }).count(), action).toBe(0);
    }
    expect(await page.getByRole('button', { name: /^(edit )?Modifier$/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Annuler le paiement' }).count()).toBe(0);
    await screenshot(page, 'statement-generation-05-paid');
    const [first] = invoiced;
    await page
      .getByRole('link', { name: first?.reference ?? '', exact: true })
      .first()
      .click();
    await expectHash(page, `#/sst/attachement/${first?.id}`);
    await page
      .getByRole('heading', { name: new RegExp(first?.reference ?? '') })
      .getByText('Verrouillé', { exact: true })
      .waitFor();
    expect(await page.getByRole('button', { name: /^(edit )?Modifier$/ }).count()).toBe(0);
    await screenshot(page, 'statement-generation-06-attachment-locked');
    for (const id of prepared.attachmentIds) {
      const attachment = await api<AttachmentDetail>(`/attachement/${id}`, admin);
      expect(attachment).toMatchObject({ locked: true, statusWF: { nodeCode: 'att_paid' } });
      // even the administrator's edit is refused
      const refused = await fetch(`${baseUrl()}/api/attachement/${id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ version: attachment.version, observation: 'modifiée après paiement', isDGD: false }),
      });
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { error: string }).error).toBe(
        'Cet attachement est verrouillé (payé ou envoyé à Oracle) : il ne peut plus être modifié.',
      );
    }
    await page.context().close();

    // --- the administrator, holding monthly_statements.can_dangerously_revert_paid, cancels the payment
    const admins = await newPage(browser());
    admins.setDefaultTimeout(30_000);
    await signIn(admins, 'admin');
    await admins.goto(`${baseUrl()}/#/sst/situation/${statementId}`);
    await admins.getByRole('heading', { name: title }).getByText('Payée (verrouillée)', { exact: true }).waitFor();
    await admins.getByRole('button', { name: 'Annuler le paiement' }).click();
    await confirm(admins, 'Annuler le paiement de cette situation ? Elle sera déverrouillée.');
    await admins.getByRole('button', { name: 'Marquer comme payée' }).waitFor();
    expect(await admins.getByRole('heading', { name: title }).getByText('Payée (verrouillée)', { exact: true }).count()).toBe(0);
    await expect.poll(() => description(admins, 'Paiement').textContent(), { timeout: 30_000 }).toBe('Non payée');
    const reverted = await api<StatementDetail>(`/situation/${statementId}`, admin);
    expect(reverted).toMatchObject({ locked: false, paidAt: null, totalAmountTTC: statement.totalAmountTTC });
    for (const id of prepared.attachmentIds) {
      expect(await api<AttachmentDetail>(`/attachement/${id}`, admin)).toMatchObject({
        locked: false,
        statusWF: { nodeCode: 'att_validated' },
      });
    }
    await screenshot(admins, 'statement-generation-07-reverted');
    await admins.context().close();
  });
});
