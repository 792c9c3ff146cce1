#!/usr/bin/env node
// Module boundaries (docs/architecture.md): a module is used through its face (`index.ts`), and modules
// never import each other in a circle. Run by `npm run lint`; exits 1 with one line per breach.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Each area: its source root, the folder whose subfolders are its units (modules or features), and the
 * folders of the source root that must not import any unit at all.
 */
const AREAS = [
  {
    source: 'apps/server/src',
    units: 'modules',
    faces: true,
    unitFree: ['platform', 'db', 'integrations'],
    rootOnly: [],
    // the API tests, the benchmarks and the journeys use the modules as the app does: through their faces
    // (tests beside a module's files, `src/modules/<area>/*.test.ts`, are the module's own and may reach
    // its internal files); outside the server they import it as the `@isf/server` package
    users: ['apps/server/test', 'bench', 'e2e'],
    packageName: '@isf/server',
  },
  // a web feature uses another through its face too (tests beside a feature's files are skipped, as the
  // server's), and so does the composition root app/ (and main.tsx): it mounts a feature's routes, pre-checks
  // and shell dialogs from its face (the faces are side-effect free for the bundler, apps/web/vite.config.ts,
  // so the login page's bundle gets none of the rest). lib/ and components/ never reach into a feature, nor
  // anything into app/
  {
    source: 'apps/web/src',
    units: 'features',
    faces: true,
    unitFree: ['lib', 'components'],
    rootOnly: ['app'],
  },
];

const SOURCE_FILE = /\.(ts|tsx|mts)$/;
const TEST_FILE = /\.test\.(ts|tsx)$/;
const IMPORT = /(?:^|[\s;}])(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function filesUnder(directory) {
  const entries = readdirSync(directory).sort();
  return entries.flatMap((entry) => {
    const full = path.join(directory, entry);
    if (statSync(full).isDirectory()) {
      return filesUnder(full);
    }
    return SOURCE_FILE.test(entry) ? [full] : [];
  });
}

function importsOf(file, packageName) {
  const text = readFileSync(file, 'utf8');
  const specifiers = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (specifier.startsWith('.') || (packageName && specifier.startsWith(`${packageName}/`))) {
      specifiers.push(specifier);
    }
  }
  return specifiers;
}

/** A file under `directory`, skipping installed packages and build output. */
function sourcesUnder(directory) {
  const entries = readdirSync(directory).sort();
  return entries.flatMap((entry) => {
    if (entry === 'node_modules' || entry === 'dist') {
      return [];
    }
    const full = path.join(directory, entry);
    if (statSync(full).isDirectory()) {
      return sourcesUnder(full);
    }
    return SOURCE_FILE.test(entry) ? [full] : [];
  });
}

/** The unit a path (relative to the source root) belongs to, and the rest of its path inside the unit. */
function unitOf(area, relative) {
  const parts = relative.split(path.sep);
  if (parts[0] !== area.units || parts.length < 3) {
    return null;
  }
  return { unit: parts[1], inner: parts.slice(2).join('/') };
}

function isFace(inner) {
  return /^index\.(js|ts|tsx)$/.test(inner) || inner === 'index' || inner === '';
}

function findCycles(graph) {
  // Tarjan's strongly connected components: every component of two or more units is a cycle
  let index = 0;
  const indices = new Map();
  const lowLinks = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (unit) => {
    indices.set(unit, index);
    lowLinks.set(unit, index);
    index += 1;
    stack.push(unit);
    onStack.add(unit);
    for (const next of [...(graph.get(unit) ?? [])].sort()) {
      if (!indices.has(next)) {
        visit(next);
        lowLinks.set(unit, Math.min(lowLinks.get(unit), lowLinks.get(next)));
      } else if (onStack.has(next)) {
        lowLinks.set(unit, Math.min(lowLinks.get(unit), indices.get(next)));
      }
    }
    if (lowLinks.get(unit) === indices.get(unit)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== unit);
      if (component.length > 1) {
        components.push(component.sort());
      }
    }
  };
  for (const unit of [...graph.keys()].sort()) {
    if (!indices.has(unit)) {
      visit(unit);
    }
  }
  return components;
}

const breaches = [];
for (const area of AREAS) {
  const sourceRoot = path.join(root, area.source);
  for (const user of area.users ?? []) {
    const userRoot = path.join(root, user);
    const packageRoot = path.dirname(sourceRoot);
    for (const file of sourcesUnder(userRoot)) {
      const where = `${user}/${path.relative(userRoot, file).split(path.sep).join('/')}`;
      for (const specifier of importsOf(file, area.packageName)) {
        const resolved = specifier.startsWith('.')
          ? path.resolve(path.dirname(file), specifier)
          : path.join(packageRoot, specifier.slice(area.packageName.length + 1));
        const target = path.relative(sourceRoot, resolved);
        const to = target.startsWith('..') ? null : unitOf(area, target);
        if (to && !isFace(to.inner)) {
          breaches.push(
            `${where}: imports ${area.units}/${to.unit}'s internal file (${specifier}); use its face ${area.units}/${to.unit}/index.ts`,
          );
        }
      }
    }
  }
  const graph = new Map();
  for (const file of filesUnder(sourceRoot)) {
    if (TEST_FILE.test(file)) {
      continue;
    }
    const relative = path.relative(sourceRoot, file);
    const from = unitOf(area, relative);
    const topFolder = relative.split(path.sep)[0];
    const where = `${area.source}/${relative.split(path.sep).join('/')}`;
    for (const specifier of importsOf(file)) {
      const target = path.relative(sourceRoot, path.resolve(path.dirname(file), specifier));
      const targetParts = target.split(path.sep);
      // files at the source root (main.ts, app.ts) are composition roots too
      const fromRoot = !relative.includes(path.sep) || area.rootOnly.includes(topFolder);
      if (area.rootOnly.includes(targetParts[0]) && !fromRoot) {
        breaches.push(`${where}: imports the composition root ${targetParts[0]}/ (${specifier}); move what it needs to lib/`);
        continue;
      }
      if (targetParts[0] !== area.units || targetParts.length < 2) {
        continue;
      }
      const to = unitOf(area, target);
      const toUnit = targetParts[1];
      if (area.unitFree.includes(topFolder)) {
        breaches.push(`${where}: ${topFolder}/ imports ${area.units}/${toUnit} (${specifier})`);
        continue;
      }
      if (from?.unit === toUnit) {
        if (area.faces && to && isFace(to.inner)) {
          breaches.push(`${where}: imports its own face (${specifier}); import the file itself`);
        }
        continue;
      }
      if (area.faces && to && !isFace(to.inner)) {
        breaches.push(
          `${where}: imports ${area.units}/${toUnit}'s internal file (${specifier}); use its face ${area.units}/${toUnit}/index.ts`,
        );
      }
      if (from) {
        const edges = graph.get(from.unit) ?? new Set();
        edges.add(toUnit);
        graph.set(from.unit, edges);
      }
    }
  }
  for (const cycle of findCycles(graph)) {
    breaches.push(`${area.source}/${area.units}: import cycle between ${cycle.join(', ')}`);
  }
}

if (breaches.length > 0) {
  for (const breach of breaches) {
    console.error(breach);
  }
  console.error(`check-boundaries: ${breaches.length} breach(es)`);
  process.exit(1);
}
console.log(
  'check-boundaries: server modules and web features used through their faces (API tests, benchmarks and journeys included); no import cycle between modules or features',
);
