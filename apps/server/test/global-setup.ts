import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteExtensions } from '../src/db/client.js';
import { seedDemoData } from '../src/seed/demo.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a migrated, demo-seeded PGlite data directory; empty when DATABASE_URL is set. */
    pgliteTemplate: string;
    /** Prefix of this run's databases on the DATABASE_URL server (isf_test_<run>_<file>). */
    databasePrefix: string;
  }
}

/**
 * Builds the migrated + seeded PGlite database once for the whole run; each test file restores it into
 * its own in-memory instance (test/helper.ts). Against PostgreSQL each file makes its own database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const prefix = `isf_test_${randomBytes(4).toString('hex')}_`;
    await leftoverDatabases(serverUrl, prefix);
    project.provide('pgliteTemplate', '');
    project.provide('databasePrefix', prefix);
    // a file that crashed before its teardown leaves its database behind: drop this run's leftovers
    return async () => {
      for (const name of await leftoverDatabases(serverUrl, prefix)) {
        await runStatement(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    };
  }
  project.provide('databasePrefix', '');
  const folder = await mkdtemp(path.join(tmpdir(), 'isf-test-template-'));
  const dataDir = path.join(folder, 'pglite');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  await seedDemoData(database.db);
  await database.close();

  const client = await PGlite.create({ dataDir, extensions: pgliteExtensions });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const tarball = path.join(folder, 'template.tar');
  await writeFile(tarball, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', tarball);

  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}

async function runStatement(url: string, statement: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ name: string }>(statement);
    return result.rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

/** Also checks that the server answers, so a wrong DATABASE_URL fails before any test file starts. */
function leftoverDatabases(url: string, prefix: string): Promise<string[]> {
  const pattern = `${prefix.replace(/_/g, '\\_')}%`;
  return runStatement(url, `SELECT datname AS name FROM pg_database WHERE datname LIKE '${pattern}'`);
}
