/** The file capture.ts writes and the benchmark reads: the requests the web client sends per screen. */
import path from 'node:path';
import { benchDirectory } from './generate.js';

export const capturedFile = path.join(benchDirectory, 'scenarios', 'captured.json');

/** A request as the browser sent it: method, path under /api, query parameters in the browser's order. */
export type CapturedRequest = {
  method: string;
  path: string;
  query: [string, string][];
  /** A JSON body. */
  body?: unknown;
  /** The fields of a form post (`application/x-www-form-urlencoded`), the bearer token left out. */
  form?: [string, string][];
};
export type CapturedStep = {
  /** e.g. `orders`, `orders/canDo`: the screen, then the filter clicked (none: the first load). */
  step: string;
  screen: string;
  /** The filter the step shows: the screen's default on the first load, then the clicked one. */
  filter: string | null;
  /** The screen is not offered to the user (the app sent them home): no requests recorded. */
  refused?: true;
  requests: CapturedRequest[];
};
export type CapturedUser = { login: string; shell: CapturedRequest[]; steps: CapturedStep[] };
export type CapturedFile = {
  note: string;
  /** Demo ids written in the paths, with what they are (the benchmark maps them onto its data set). */
  ids: { node: { id: number; workflow: string; code: string } };
  users: CapturedUser[];
};
