// Every package the lockfile installs must run on the oldest Node the project declares (package.json
// `engines.node`): a dependency whose own `engines.node` refuses that version is listed and the check
// fails. npm only warns about such a package (EBADENGINE) and installs it anyway.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const semver = require('semver');

const root = new URL('../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const lockfile = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8'));

const projectRange = manifest.engines?.node;
if (!projectRange) {
  console.error('package.json declares no engines.node');
  process.exit(1);
}
const floor = semver.minVersion(projectRange);

const violations = [];
for (const [path, entry] of Object.entries(lockfile.packages ?? {})) {
  const range = entry.engines?.node;
  if (path === '' || typeof range !== 'string') {
    continue;
  }
  if (!semver.satisfies(floor, range, { includePrerelease: true })) {
    violations.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} needs node ${range} (${path})`);
  }
}

if (violations.length > 0) {
  console.error(`${violations.length} dependencies refuse Node ${floor} (package.json engines.node "${projectRange}"):`);
  for (const line of violations) {
    console.error(`  ${line}`);
  }
  console.error('Pin a version whose engines accept it (package.json "overrides" or the parent\'s version).');
  process.exit(1);
}
console.log(`engines: every locked dependency accepts Node ${floor} (engines.node "${projectRange}")`);
