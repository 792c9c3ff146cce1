/**
 * Scenarios from the requests the web client sent (bench/scenarios/captured.json, written by capture.ts):
 * as `admin`, and as a generated project manager for what the demo `cdp` sent (the busiest one,
 * `bench.cdp.001`, whom the benchmark gives a password). Ids of demo rows written in the paths (the node
 * screen's node) are mapped onto the data set by their code. One scenario per distinct request and user;
 * its label names the screens (and filter clicks) that send it. Keys `admin:<path>?<query>`,
 * `manager:<…>`; group `captured`.
 */
import { readFileSync } from 'node:fs';
import type { DatabaseHandle } from '@isf/server/src/db/client.js';
import { hashPassword } from '@isf/server/src/platform/passwords.js';
import { sql } from 'drizzle-orm';
import type { CapturedFile, CapturedRequest } from './capture-file.js';
import { capturedFile } from './capture-file.js';
import { rows } from './sql-rows.js';

export type CapturedScenario = {
  key: string;
  /** `admin` or `manager`. */
  user: string;
  method: string;
  /** Path and query, as the browser sent them (ids mapped). */
  url: string;
  body?: string;
  /** The steps of the capture that send it: `orders`, `orders/all`, … */
  steps: string[];
  /** p95 target (ms): 20 for my-actions and the dashboard's counts, 50 for the rest. */
  target: number;
};

export type BenchUser = { name: string; login: string; password: string; label: string };

export const ADMIN: BenchUser = { name: 'admin', login: 'admin', password: 'admin', label: 'admin' };
const MANAGER_LOGIN = 'bench.cdp.001';
const MANAGER_PASSWORD = 'banc-chef-de-projet-2025';

/**
 * The generated project manager the benchmark logs in as (the busiest: `bench.cdp.001`), given a password
 * once; his number of projects for the report.
 */
export async function ensureManagerLogin(handle: DatabaseHandle): Promise<BenchUser> {
  const [manager] = await rows(
    handle,
    sql`SELECT u.id, u.password_hash AS "passwordHash", (SELECT count(*)::int FROM projects p WHERE p.manager_id = u.id) AS projects
      FROM users u WHERE u.uid = ${MANAGER_LOGIN}`,
  );
  if (!manager) {
    throw new Error(`no generated project manager ${MANAGER_LOGIN}`);
  }
  if (!manager.passwordHash) {
    const hash = await hashPassword(MANAGER_PASSWORD);
    await handle.db.execute(sql`UPDATE users SET password_hash = ${hash} WHERE id = ${Number(manager.id)}`);
  }
  return {
    name: 'manager',
    login: MANAGER_LOGIN,
    password: MANAGER_PASSWORD,
    label: `${MANAGER_LOGIN} (project manager of ${Number(manager.projects).toLocaleString('en-US')} projects)`,
  };
}

export function readCaptured(): CapturedFile {
  return JSON.parse(readFileSync(capturedFile, 'utf8')) as CapturedFile;
}

const TWENTY_MS = new Set(['/api/wftoken/my-actions', '/api/dashboard/nodes']);

/** The scenarios of the captured requests; `nodeId` is the data set's id of the captured node. */
export function capturedScenarios(file: CapturedFile, nodeId: number): CapturedScenario[] {
  const userOf: Record<string, string> = { admin: 'admin', cdp: 'manager' };
  const byKey = new Map<string, CapturedScenario>();
  for (const captured of file.users) {
    const user = userOf[captured.login];
    if (!user) {
      continue;
    }
    for (const step of captured.steps) {
      for (const request of step.requests) {
        const url = urlOf(request, file.ids.node.id, nodeId);
        const key = `${user}:${request.method === 'GET' ? '' : `${request.method} `}${decodeURIComponent(url.replace(/^\/api\//, ''))}`;
        const existing = byKey.get(key);
        if (existing) {
          existing.steps.push(step.step);
          continue;
        }
        byKey.set(key, {
          key,
          user,
          method: request.method,
          url,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          steps: [step.step],
          target: TWENTY_MS.has(request.path) ? 20 : 50,
        });
      }
    }
  }
  return [...byKey.values()];
}

/** The screens a user was refused (the app sent them home), for the report. */
export function refusedScreens(file: CapturedFile, login: string): string[] {
  return (
    file.users
      .find((user) => user.login === login)
      ?.steps.filter((step) => step.refused)
      .map((step) => step.screen) ?? []
  );
}

function urlOf(request: CapturedRequest, capturedNodeId: number, nodeId: number): string {
  const path = request.path.replace(new RegExp(`^/api/node/${capturedNodeId}(?=/|$)`), `/api/node/${nodeId}`);
  const query = new URLSearchParams(request.query).toString();
  return query ? `${path}?${query}` : path;
}

/** The data set's id of the captured node (same workflow code and node code). */
export async function mappedNodeId(handle: DatabaseHandle, file: CapturedFile): Promise<number> {
  const [node] = await rows(
    handle,
    sql`SELECT n.id FROM workflow_nodes n JOIN workflows w ON w.id = n.workflow_id
      WHERE w.code = ${file.ids.node.workflow} AND n.code = ${file.ids.node.code}`,
  );
  if (!node) {
    throw new Error(`the data set has no node ${file.ids.node.workflow}/${file.ids.node.code}`);
  }
  return Number(node.id);
}
