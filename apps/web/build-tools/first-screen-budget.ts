import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { gzipBytes } from './precompress';

export type BudgetOptions = {
  /** Most gzip bytes of JavaScript and CSS the login page may download. */
  maxFirstScreenBytes: number;
  /** Source files the first screen renders besides the entry's static imports (a lazy route), relative to the app root. */
  firstScreenModules?: readonly string[];
  /** The screens whose own chunks are listed (a source path pattern). */
  screenPattern?: RegExp;
};

type Sizes = { raw: number; gzip: number };

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function isChunk(output: OutputBundle[string] | undefined): output is OutputChunk {
  return output?.type === 'chunk';
}

/** The files a chunk needs before it runs: itself, its static imports (transitively) and their CSS. */
export function staticClosure(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (!isChunk(chunk) || into.has(fileName)) {
    return into;
  }
  into.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) {
    into.add(css);
  }
  for (const imported of chunk.imports) {
    staticClosure(bundle, imported, into);
  }
  return into;
}

/**
 * Prints what the login page downloads (the entry chunk, its static imports, their CSS and the lazy
 * modules it renders) in gzip bytes, and each screen's own chunk, and fails the build above the budget.
 */
export function firstScreenBudget(options: BudgetOptions): Plugin {
  let root = process.cwd();
  const sizes = new Map<string, Sizes>();
  const sizeOf = async (bundle: OutputBundle, fileName: string): Promise<Sizes> => {
    const known = sizes.get(fileName);
    if (known) {
      return known;
    }
    const output = bundle[fileName];
    const content = output === undefined ? '' : output.type === 'chunk' ? output.code : output.source;
    const measured = {
      raw: typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength,
      gzip: (await gzipBytes(content)).byteLength,
    };
    sizes.set(fileName, measured);
    return measured;
  };
  const total = async (bundle: OutputBundle, files: Iterable<string>) => {
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const size = await sizeOf(bundle, file);
      raw += size.raw;
      gzip += size.gzip;
    }
    return { raw, gzip };
  };

  return {
    name: 'isf-first-screen-budget',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      sizes.clear();
      const chunks = Object.values(bundle).filter(isChunk);
      const bySource = (source: string) => chunks.find((chunk) => chunk.facadeModuleId === path.resolve(root, source))?.fileName;

      const firstScreen = new Set<string>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
        staticClosure(bundle, entry.fileName, firstScreen);
      }
      for (const source of options.firstScreenModules ?? []) {
        const fileName = bySource(source);
        if (!fileName) {
          this.error(`first screen: no chunk is made of ${source}`);
        }
        staticClosure(bundle, fileName, firstScreen);
      }

      const lines: string[] = [];
      const firstScreenFiles = [...firstScreen].filter((file) => /\.(js|css)$/.test(file)).sort();
      for (const file of firstScreenFiles) {
        const size = await sizeOf(bundle, file);
        lines.push(`  ${file.padEnd(56)} ${kB(size.raw).padStart(10)} ${kB(size.gzip).padStart(10)}`);
      }
      const first = await total(bundle, firstScreenFiles);
      lines.push(
        `  ${`first screen (${firstScreenFiles.length} files)`.padEnd(56)} ${kB(first.raw).padStart(10)} ${kB(first.gzip).padStart(10)}` +
          `   budget ${kB(options.maxFirstScreenBytes)} gzip`,
      );

      if (options.screenPattern) {
        const pattern = options.screenPattern;
        lines.push('', `  ${'screen'.padEnd(40)} ${'own chunk gzip'.padStart(16)} ${'loaded on first visit'.padStart(22)}`);
        const screens = chunks
          .filter((chunk) => chunk.facadeModuleId && pattern.test(chunk.facadeModuleId))
          .sort((a, b) => (a.facadeModuleId ?? '').localeCompare(b.facadeModuleId ?? ''));
        for (const screen of screens) {
          const own = await sizeOf(bundle, screen.fileName);
          const added = [...staticClosure(bundle, screen.fileName)].filter((file) => !firstScreen.has(file));
          const visit = await total(bundle, added);
          const name = path.basename(screen.facadeModuleId ?? screen.fileName).replace(/\.tsx?$/, '');
          lines.push(`  ${name.padEnd(40)} ${kB(own.gzip).padStart(16)} ${kB(visit.gzip).padStart(22)}`);
        }
      }

      this.info(`\nfirst screen (login page), raw and gzip:\n${lines.join('\n')}`);
      if (first.gzip > options.maxFirstScreenBytes) {
        this.error(
          `the login page downloads ${kB(first.gzip)} of gzip JavaScript and CSS, above the ${kB(options.maxFirstScreenBytes)} budget`,
        );
      }
    },
  };
}
