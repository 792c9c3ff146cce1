// Child process of data-dir-lock.test.ts: opens the embedded database of argv[2], says so, and holds it.
import { openDatabase } from '../src/db/client.js';

const database = await openDatabase({ kind: 'pglite', dataDir: process.argv[2] ?? '' });
await database.db.execute('SELECT 1');
process.stdout.write('ready\n');
setInterval(() => {}, 60_000);
