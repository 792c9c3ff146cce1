import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api } from './api.js';
import { dialog, escapeRegExp } from './browser.js';

// The set-up the contract journeys share: a demo contract to model theirs on, contracts of their own made
// through the API, and the form gestures of the contract and market screens (pickers, selects, downloads).

/** A one-page PDF, small and valid enough for a document upload. */
export const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

export type ContractRecord = {
  id: number;
  contractNumber: string;
  agency: number;
  agencyName: string;
  documentType: number;
  referent: number;
  adminReferent: number;
  referentName: string;
};
type MarketRow = { id: number; edifice: string };

/** A demo contract that has a market: its agency is in the demo validators' scope. */
export async function demoContract(admin: string): Promise<ContractRecord> {
  const contracts = await api<{ content: { id: number }[] }>('/contracts?size=50&sort=id,asc', admin);
  for (const { id } of contracts.content) {
    const markets = await api<{ content: MarketRow[] }>(`/contract/${id}/markets?size=1`, admin);
    if (markets.content.length > 0) {
      return api<ContractRecord>(`/contract/${id}`, admin);
    }
  }
  throw new Error('no demo contract holds a market');
}

/** A contract of the journey's own, made through the API like `model`'s (its agency, type and referents). */
export async function createContract(admin: string, model: ContractRecord, contractNumber: string): Promise<number> {
  const created = await api<{ id: number }>('/contract', admin, {
    contractNumber,
    agency: model.agency,
    documentType: model.documentType,
    referent: model.referent,
    adminReferent: model.adminReferent,
    signatureDate: '2026-01-15',
    startDate: '2026-02-01',
    endDate: '2028-01-31',
    duration: 24,
  });
  return created.id;
}

/**
 * Picks the row holding `cell` in the open `picker`, first filtering its `filterColumn` by it (earlier
 * journeys add rows beyond page one): the row is clicked only once the filtered list answered (every row
 * holding the text), and again until the picker closes (a click while its rows refresh can be lost).
 */
export async function pickIn(page: Page, picker: Locator, cell: string, filterColumn: string) {
  await picker.getByLabel(`Filtrer ${filterColumn}`).fill(cell);
  const rows = picker.locator('tr.ant-table-row');
  const row = rows.filter({ has: page.getByRole('cell', { name: cell, exact: true }) });
  // the filtered answer: every row holds the text, one of them as the whole cell
  await expect
    .poll(
      async () => {
        const texts = await rows.allTextContents();
        return texts.every((text) => text.toLowerCase().includes(cell.toLowerCase())) && (await row.count()) > 0;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await expect
    .poll(
      async () => {
        if (await picker.isVisible()) {
          await row
            .first()
            .click({ timeout: 2_000 })
            .catch(() => undefined);
        }
        return picker.isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(false);
}

/** Clicks the row holding `cell` in the open `picker` until the picker closes (a click while it opens or its rows refresh can be lost). */
export async function pickRow(picker: Locator, cell: string) {
  const row = picker.getByRole('cell', { name: cell, exact: true }).first();
  await row.waitFor();
  await expect
    .poll(
      async () => {
        if (await picker.isVisible()) {
          await row.click({ timeout: 2_000 }).catch(() => undefined);
        }
        return picker.isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(false);
}

/** The picker opened by the n-th 'Choisir' button of `scope`. */
export async function openPicker(page: Page, scope: Locator, index: number, pickerTitle: string): Promise<Locator> {
  await scope.getByRole('button', { name: 'Choisir' }).nth(index).click();
  const picker = dialog(page, `Sélectionner : ${pickerTitle}`);
  await picker.waitFor();
  return picker;
}

export async function pick(page: Page, scope: Locator, index: number, pickerTitle: string, cell: string, filterColumn: string) {
  await pickIn(page, await openPicker(page, scope, index, pickerTitle), cell, filterColumn);
}

/**
 * Chooses an option of the select (combobox `name`) within `scope`: the option is clicked only once the
 * dropdown shows it (its choices answered), and the select opened again until it holds the choice.
 */
export async function choose(page: Page, scope: Locator, name: string, option: string) {
  // a required field's name starts with its mark: "* Type de document"
  const combobox = page.getByRole('combobox', { name: new RegExp(`^(\\* )?${escapeRegExp(name)}$`) });
  const holder = scope.locator('.ant-select').filter({ has: combobox });
  await expect
    .poll(
      async () => {
        if (!(await holder.textContent())?.includes(option)) {
          await holder.click();
          const choice = page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true });
          await choice.waitFor({ timeout: 5_000 }).catch(() => undefined);
          await choice.click({ timeout: 2_000 }).catch(() => undefined);
        }
        return holder.textContent();
      },
      { timeout: 20_000 },
    )
    .toContain(option);
}

/** What a browser download holds, and its suggested name. */
export async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; content: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), content: readFileSync(await download.path()) };
}
