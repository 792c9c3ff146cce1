import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, login, newPage, screenshot as takeScreenshot } from '../support/browser.js';
import { unique, useBrowser } from '../support/journey.js';

const browser = useBrowser();

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.token) {
    headers.authorization = `Bearer ${init.token}`;
  }
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as T;
}

const tokenOf = async (username: string) =>
  (await api<{ token: string }>('/login', { method: 'POST', body: { username, password: username } })).token;

async function userId(adminToken: string, uid: string): Promise<number> {
  const users = await api<{ content: { id: number; uid: string }[] }>(
    `/users?filters=${encodeURIComponent(JSON.stringify({ uid }))}`,
    {
      token: adminToken,
    },
  );
  const user = users.content.find((candidate) => candidate.uid === uid);
  expect(user, uid).toBeDefined();
  return user?.id ?? 0;
}

/** The administrator's action: a test notification to the reader (spec 1 §7 POST /notification/send/test). */
async function sendTest(adminToken: string, recipientId: number, message: string): Promise<number> {
  return (
    await api<{ id: number }>('/notification/send/test', {
      method: 'POST',
      token: adminToken,
      body: { userId: recipientId, message },
    })
  ).id;
}

async function expectHash(page: Page, pattern: RegExp) {
  await page.waitForFunction((source) => new RegExp(source).test(window.location.hash), pattern.source, { timeout: 15_000 });
}

async function screenshot(page: Page, name: string) {
  await page.waitForFunction(() => document.querySelector('.ant-zoom-appear, .ant-zoom-enter, .ant-fade-appear') === null);
  await takeScreenshot(page, name);
}

describe('notification journey', () => {
  it("shows the reader the administrator's notification in the bell; the screen and the hover mark it read", async () => {
    const admin = await tokenOf('admin');
    const readerId = await userId(admin, 'lecteur');
    const first = `Contrôle de la cloche ${unique}`;
    const firstId = await sendTest(admin, readerId, first);

    const page = await newPage(browser());
    page.setDefaultTimeout(15_000);
    await login(page, 'lecteur', 'lecteur');
    await expectHash(page, /^#\/$/);
    // the seeded welcome and the administrator's notification (at least) are unread
    const bell = page.getByRole('button', { name: /^Notifications : \d+ notifications non lues$/ });
    await bell.waitFor();
    await screenshot(page, 'notifications-01-bell-count');

    await bell.click();
    const inBell = page.locator('.isf-bell-list > li').filter({ hasText: first });
    await inBell.waitFor();
    await inBell.getByText('par Alice Administratrice').waitFor();
    expect(await inBell.getByRole('img', { name: 'Non lue' }).count()).toBe(1);
    await screenshot(page, 'notifications-02-bell-open');

    await page.getByRole('link', { name: 'Voir toutes les notifications' }).click();
    await expectHash(page, /^#\/notifications$/);
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    const item = page.locator('.isf-notification-list > li').filter({ hasText: first });
    await item.waitFor();
    // newest first: the administrator's notification above the welcome
    expect(await page.locator('.isf-notification-list > li').first().textContent()).toContain(first);
    await page.locator('.isf-notification-list > li').filter({ hasText: 'Bienvenue dans ISF, Louis Lecteur' }).waitFor();
    expect(await item.getByRole('img', { name: 'Non lue' }).count()).toBe(1);
    await screenshot(page, 'notifications-03-screen-unread');

    // 2 s after the list loads, every unread one is read: the dots go, the bell empties
    await item.getByRole('img', { name: 'Non lue' }).waitFor({ state: 'detached', timeout: 5_000 });
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    const reader = await tokenOf('lecteur');
    const mine = await api<{ content: { id: number; readedAt: string | null }[] }>('/notification/list', { token: reader });
    expect(mine.content.find((row) => row.id === firstId)?.readedAt).not.toBeNull();
    await screenshot(page, 'notifications-04-screen-read');

    // a new one: the bell asks again when opened, and the pointer resting on it reads it
    const second = `Deuxième essai ${unique}`;
    await sendTest(admin, readerId, second);
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    const fresh = page.locator('.isf-bell-list > li').filter({ hasText: second });
    await fresh.getByRole('img', { name: 'Non lue' }).waitFor();
    await page.getByRole('button', { name: 'Notifications : 1 notification non lue' }).waitFor();
    await fresh.hover();
    await fresh.getByRole('img', { name: 'Non lue' }).waitFor({ state: 'detached', timeout: 5_000 });
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await screenshot(page, 'notifications-05-bell-read-on-hover');
    await page.context().close();
  });
});
