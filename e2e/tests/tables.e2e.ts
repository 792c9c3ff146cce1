import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, screenshot, signIn } from '../support/browser.js';
import { useBrowser } from '../support/journey.js';

const browser = useBrowser();

/** A laptop's window: the wide lists are several screens wide in it. */
const VIEWPORT = { width: 1440, height: 900 };

async function openList(page: Page, path: string): Promise<Locator> {
  await page.goto(`${baseUrl()}/#${path}`);
  const table = page.locator('.isf-data-table').first();
  await table.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  return table;
}

/**
 * Each column's width beside the widest thing it holds (its title with the sort and filter buttons, its
 * values), the filter row left out: a column wider than that is needlessly wide.
 */
function columnsWiderThanContent(table: Locator) {
  return table.evaluate((element) => {
    const head = element.querySelector('.ant-table-thead > tr');
    const rows = [head, ...element.querySelectorAll('.ant-table-tbody > tr.ant-table-row')];
    const contentWidth = (cell: Element) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return range.getBoundingClientRect().width;
    };
    return Array.from(head?.children ?? []).flatMap((title, index) => {
      const widest = Math.max(...rows.map((row) => (row?.children[index] ? contentWidth(row.children[index]) : 0)));
      const width = title.getBoundingClientRect().width;
      // 8 px of padding each side and the border
      return width > widest + 2 * 8 + 1 + 4 ? [`${title.textContent}: ${Math.round(width)} px for ${Math.round(widest)} px`] : [];
    });
  });
}

/** Whether the element is inside the window and drawn on top at its centre (not under a scrolled cell). */
async function shownOnTop(locator: Locator, windowWidth = VIEWPORT.width): Promise<boolean> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  if (!box) {
    return false;
  }
  const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= windowWidth && box.y + box.height <= VIEWPORT.height;
  const onTop = await locator.evaluate(
    (element, { x, y }) => {
      const top = document.elementFromPoint(x, y);
      return top !== null && (top === element || element.contains(top));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  return inside && onTop;
}

// three sign-ins and wide lists: slow on a loaded two-core machine
describe('the lists a person can read', { timeout: 240_000 }, () => {
  it('keeps the orders list reference and totals label on the left when it is scrolled to its far right', async () => {
    const page = await newPage(browser());
    await page.setViewportSize(VIEWPORT);
    await signIn(page, 'admin');
    const table = await openList(page, '/sst/orders');
    const totals = table.locator('.isf-summary-row');
    // the totals came (a right-aligned amount in euros)
    await totals.getByText(/€/).first().waitFor();

    const body = table.locator('.ant-table-content');
    const { scrollWidth, clientWidth } = await body.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    console.info(`orders list: ${scrollWidth} px wide in a ${clientWidth} px window of ${VIEWPORT.width} px`);
    // still wider than the window (the point of pinning), each column as wide as what it shows
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await columnsWiderThanContent(table)).toEqual([]);

    const firstRow = table.locator('.ant-table-tbody tr.ant-table-row').first();
    const reference = firstRow.locator('td.isf-reference-cell');
    const referenceText = (await reference.textContent())?.trim();
    expect(referenceText).toMatch(/^ED-/);
    const label = totals.getByText('Total', { exact: true });
    await screenshot(page, 'tables-01-orders');

    await body.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    await expect
      .poll(() => body.evaluate((element) => element.scrollLeft + element.clientWidth >= element.scrollWidth - 1))
      .toBe(true);
    // the last column is in view: the table did scroll
    expect(await shownOnTop(firstRow.locator('td').last())).toBe(true);
    // and the row is still named, its selection box at hand, the totals still labelled
    expect(await shownOnTop(reference.getByText(referenceText ?? ''))).toBe(true);
    expect(await shownOnTop(firstRow.locator('td.ant-table-selection-column input'))).toBe(true);
    expect(await shownOnTop(label)).toBe(true);
    expect(await shownOnTop(table.getByRole('columnheader', { name: 'Référence' }))).toBe(true);
    await screenshot(page, 'tables-02-orders-scrolled-right');
    await page.context().close();
  });

  it('keeps the attachments list reference in view and its columns to their content', async () => {
    const page = await newPage(browser());
    await page.setViewportSize(VIEWPORT);
    await signIn(page, 'admin');
    const table = await openList(page, '/sst/attachements');
    expect(await columnsWiderThanContent(table)).toEqual([]);
    const body = table.locator('.ant-table-content');
    await body.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    const reference = table.locator('.ant-table-tbody tr.ant-table-row').first().locator('td.isf-reference-cell a');
    expect(await shownOnTop(reference)).toBe(true);
    await screenshot(page, 'tables-03-attachments-scrolled-right');
    await page.context().close();
  });

  it('cuts no cell at the edge of the home cards, in a laptop window and a 1,024 px one', async () => {
    const page = await newPage(browser());
    await signIn(page, 'admin');
    const tables = page.locator('.isf-home-dashboard .ant-table-content');
    for (const width of [VIEWPORT.width, 1024]) {
      await page.setViewportSize({ width, height: VIEWPORT.height });
      const attachments = page.getByRole('region', { name: 'Attachements à valider' });
      await attachments.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      await page.locator('.isf-home-dashboard .ant-spin-spinning').first().waitFor({ state: 'detached' });
      // every table of the cards as wide as what it shows: nothing to scroll to, no cell past the edge
      const overflowing = await tables.evaluateAll((elements) =>
        elements.flatMap((element) => {
          const card = element.closest('.ant-card-body')?.getBoundingClientRect();
          const table = element.querySelector('table')?.getBoundingClientRect();
          const name =
            element.closest('section')?.getAttribute('aria-label') ?? element.closest('.ant-card')?.getAttribute('aria-label');
          const cut = element.scrollWidth > element.clientWidth + 1 || (card && table && table.right > card.right);
          return cut ? [`${name}: ${element.scrollWidth} px in ${element.clientWidth} px`] : [];
        }),
      );
      expect(overflowing).toEqual([]);
      expect(await tables.count()).toBeGreaterThan(2);
      // the last column of the attachments to validate is in view, its title whole
      const lastTitle = attachments.getByRole('columnheader', { name: 'Depuis le' });
      await lastTitle.scrollIntoViewIfNeeded();
      expect(await shownOnTop(lastTitle, width)).toBe(true);
      await screenshot(page, `tables-04-home-${width}`);
    }
    await page.context().close();
  });
});
