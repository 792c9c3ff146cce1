/**
 * `npm run capture -w bench`: records the API requests the web client sends when a person opens each list
 * screen, so that the benchmark replays them instead of hand-written approximations.
 *
 * 1. builds the web app (`npm run build -w apps/web`) and starts the app on a fresh embedded database with
 *    the demo data (as the journeys of `e2e` do), on a free port;
 * 2. drives Debian's Chromium with Playwright: logs in through the login screen as `admin`, then as the
 *    project manager `cdp` (his My scope / My tasks differ from the administrator's);
 * 3. for each screen (SCREENS: orders, attachments, warranties, monthly statements, deposits, a node
 *    screen, the home dashboard): loads it (a full page load, so that no cached answer hides a request),
 *    waits until the network has been idle for a while, records every `/api/…` request (method, path,
 *    query); then clicks each filter of the All / My scope / My tasks control the screen shows and records
 *    what that click sends; on the orders screen with All, clicks "Télécharger CSV" too (a form post:
 *    its fields are recorded, the bearer token left out);
 * 4. writes `bench/scenarios/captured.json`. Demo row ids that the benchmark must map onto its data set
 *    (the node screen's node) are written with their code next to them.
 *
 * The requests the shell sends on every page load (the signed-in user, the menu, …) are recorded once in
 * the `shell` step and left out of the screens' steps. Requests are listed in a stable order (sorted, one
 * of each), so re-running the capture reproduces the file unless the client's requests changed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page, type Request } from 'playwright-core';
import { type CapturedFile, type CapturedRequest, type CapturedStep, type CapturedUser, capturedFile } from './capture-file.js';
import { benchDirectory } from './generate.js';

const repositoryRoot = path.dirname(benchDirectory);

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The screens, by hash route; `{node}` is the node screen's node id. */
const SCREENS: { screen: string; route: string }[] = [
  { screen: 'home', route: '/' },
  { screen: 'orders', route: '/sst/orders' },
  { screen: 'attachments', route: '/sst/attachements' },
  { screen: 'warranties', route: '/os/warranties' },
  { screen: 'statements', route: '/sst/situations' },
  { screen: 'deposits', route: '/sst/deposits' },
  { screen: 'node', route: '/node/{node}' },
];
/** The node screen shows the project manager's validation step of the service orders. */
const NODE = { workflow: 'service_order', code: 'os_validation_cdp' };
const FILTERS: { value: string; label: string }[] = [
  { value: 'all', label: 'Tous' },
  { value: 'canDo', label: 'Mon périmètre' },
  { value: 'haveToDo', label: 'Mes tâches' },
];
const USERS = ['admin', 'cdp'];
/** The screen whose CSV download is recorded (with the All filter). */
const CSV_SCREEN = 'orders';
/** The network counts as idle after this long without a request in flight. */
const IDLE_MS = 1_500;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startApp(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repositoryRoot, 'apps/server'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the app exited with code ${child.exitCode}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/version`)).ok) {
        return child;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the app did not answer within 120 s');
}

/** Records the /api requests of a page; `settle` waits until none has been in flight for IDLE_MS. */
function recorder(page: Page) {
  let log: CapturedRequest[] = [];
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (process.env.CAPTURE_DEBUG) {
      console.log(request.method(), request.url());
    }
    // every request counts for idleness (a screen's code chunk loads before its API requests)
    inFlight.add(request);
    lastChange = Date.now();
    if (!isApi(request)) {
      return;
    }
    const url = new URL(request.url());
    const entry: CapturedRequest = { method: request.method(), path: url.pathname, query: [...url.searchParams.entries()] };
    const body = request.postData();
    if (body) {
      if ((request.headers()['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        // a form post (the CSV download): its fields, the bearer token left out
        entry.form = [...new URLSearchParams(body).entries()].filter(([name]) => name !== 'token');
      } else {
        try {
          entry.body = JSON.parse(body);
        } catch {
          entry.body = body;
        }
      }
    }
    log.push(entry);
  });
  const done = (request: Request) => {
    if (inFlight.delete(request)) {
      lastChange = Date.now();
    }
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    take(): CapturedRequest[] {
      const taken = log;
      log = [];
      return taken;
    },
    async settle(): Promise<void> {
      lastChange = Math.max(lastChange, Date.now());
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastChange < IDLE_MS)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

const keyOf = (request: CapturedRequest) =>
  JSON.stringify([request.method, request.path, request.query, request.body ?? null, request.form ?? null]);

/** One of each request, in a stable order (the browser's order of parallel requests varies). */
function normalise(requests: CapturedRequest[], leaveOut: Set<string> = new Set()): CapturedRequest[] {
  const unique = new Map<string, CapturedRequest>();
  for (const request of requests) {
    const key = keyOf(request);
    if (!leaveOut.has(key)) {
      unique.set(key, request);
    }
  }
  return [...unique.entries()].sort(([left], [right]) => left.localeCompare(right)).map(([, request]) => request);
}

async function signIn(page: Page, base: string, login: string): Promise<void> {
  await page.goto(`${base}/#/login`);
  await page.getByLabel(/identifiant/i).fill(login);
  await page.getByLabel(/mot de passe/i).fill(login);
  await page.getByRole('button', { name: /connexion/i }).click();
  await page.getByText(/^Bonjour, /).waitFor({ timeout: 30_000 });
}

/** The filter the control shows as chosen, if the screen shows the control. */
async function chosenFilter(page: Page): Promise<string | null> {
  const control = page.getByLabel('Filtre des éléments');
  if ((await control.count()) === 0) {
    return null;
  }
  const selected = (await control.locator('.ant-segmented-item-selected').first().textContent()) ?? '';
  return FILTERS.find((filter) => selected.startsWith(filter.label))?.value ?? selected;
}

async function captureUser(browser: Browser, base: string, login: string, nodeId: number): Promise<CapturedUser> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'fr-FR', acceptDownloads: true });
  const page = await context.newPage();
  const recording = recorder(page);
  await signIn(page, base, login);
  await recording.settle();
  recording.take();
  // the shell alone: a page load on a screen that asks nothing of its own (the account page)
  await page.goto('about:blank');
  await page.goto(`${base}/#/account-manage`);
  await recording.settle();
  const accountRequests = recording.take();
  const shell = normalise(accountRequests.filter((request) => !request.path.startsWith('/api/account')));
  const shellKeys = new Set(shell.map(keyOf));
  const steps: CapturedStep[] = [];
  for (const { screen, route } of SCREENS) {
    await page.goto('about:blank');
    const hash = `#${route.replace('{node}', String(nodeId))}`;
    await page.goto(`${base}/${hash}`);
    // the screen drawn (a table, or the home greeting), or the app sent the user elsewhere; then idle
    await page.waitForFunction(
      ([expected, home]) =>
        window.location.hash !== expected ||
        (home ? /Bonjour, /.test(document.body.textContent ?? '') : document.querySelector('.ant-table-wrapper') !== null),
      [hash, screen === 'home'] as const,
      { timeout: 60_000 },
    );
    await recording.settle();
    if (new URL(page.url()).hash !== hash) {
      recording.take();
      steps.push({ step: screen, screen, filter: null, refused: true, requests: [] });
      continue;
    }
    const first = await chosenFilter(page);
    steps.push({ step: screen, screen, filter: first, requests: normalise(recording.take(), shellKeys) });
    if (first === null) {
      continue;
    }
    const control = page.getByLabel('Filtre des éléments');
    for (const filter of FILTERS) {
      const option = control.locator('.ant-segmented-item').filter({ hasText: filter.label });
      if (filter.value === first || (await option.count()) === 0) {
        continue;
      }
      await option.first().click();
      await recording.settle();
      steps.push({ step: `${screen}/${filter.value}`, screen, filter: filter.value, requests: normalise(recording.take()) });
      if (screen === CSV_SCREEN && filter.value === 'all') {
        // the CSV download of every order (a form post the browser turns into a download)
        const download = page.waitForEvent('download', { timeout: 60_000 });
        await page.getByRole('button', { name: 'Télécharger CSV' }).click();
        await (await download).cancel();
        await recording.settle();
        steps.push({ step: `${screen}/all/csv`, screen, filter: 'all', requests: normalise(recording.take()) });
      }
    }
  }
  await context.close();
  return { login, shell, steps };
}

async function nodeIdOf(base: string): Promise<number> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin' }),
  });
  const { token } = (await response.json()) as { token: string };
  const nodes = (await (
    await fetch(`${base}/api/dashboard/nodes`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { nodeId: number; nodeCode?: string; code?: string }[];
  const node = nodes.find((candidate) => (candidate.nodeCode ?? candidate.code) === NODE.code);
  if (!node) {
    throw new Error(`no node ${NODE.code} in /api/dashboard/nodes: ${JSON.stringify(nodes).slice(0, 500)}`);
  }
  return node.nodeId;
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    console.log('building the web app…');
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repositoryRoot, stdio: 'inherit' });
    if (build.status !== 0) {
      throw new Error('the web build failed');
    }
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'isf-capture-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`starting the app on ${base} (demo data)…`);
  const app = await startApp(dataDir, port);
  let browser: Browser | undefined;
  try {
    const nodeId = await nodeIdOf(base);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const users: CapturedUser[] = [];
    for (const login of USERS) {
      console.log(`capturing as ${login}…`);
      users.push(await captureUser(browser, base, login, nodeId));
    }
    const file: CapturedFile = {
      note: 'Written by `npm run capture -w bench` (bench/capture.ts): the /api requests the web client sends on each list screen. Do not edit by hand.',
      ids: { node: { id: nodeId, ...NODE } },
      users,
    };
    mkdirSync(path.dirname(capturedFile), { recursive: true });
    writeFileSync(capturedFile, `${JSON.stringify(file, null, 2)}\n`);
    // in the repository's format (biome), so that a re-run reproduces the committed file byte for byte
    spawnSync('npx', ['biome', 'format', '--write', capturedFile], { cwd: repositoryRoot, stdio: 'ignore' });
    const count = users.reduce((total, user) => total + user.steps.reduce((sum, step) => sum + step.requests.length, 0), 0);
    console.log(`${path.relative(repositoryRoot, capturedFile)}: ${count} requests over ${users.length} users`);
  } finally {
    await browser?.close();
    app.kill('SIGTERM');
    await new Promise((resolve) => app.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
