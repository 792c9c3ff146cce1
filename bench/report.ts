/** Formatting of the benchmark's tables, and the pass/fail column against the targets. */

export function ms(value: number): string {
  if (!Number.isFinite(value)) {
    return '–';
  }
  return value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
}

export function rate(value: number): string {
  return value < 10 ? value.toFixed(1) : String(Math.round(value));
}

export function megabytes(bytes: number): string {
  return Number.isFinite(bytes) ? `${Math.round(bytes / 1024 / 1024)} MB` : '–';
}

/** A plain-text table: the first two columns left-aligned, the others right-aligned. */
export function table(header: string[], body: string[][]): string {
  const widths = header.map((cell, index) => Math.max(cell.length, ...body.map((row) => (row[index] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, index) => (index <= 1 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join('\n');
}

/** The same table in Markdown (for docs/performance.md). */
export function markdownTable(header: string[], body: string[][]): string {
  const row = (cells: string[]) => `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  return [row(header), row(header.map(() => '---')), ...body.map(row)].join('\n');
}

/** `pass` / `FAIL` of a measure against its bound (no measure: `–`). */
export function verdict(value: number, bound: number): string {
  if (!Number.isFinite(value)) {
    return '–';
  }
  return value <= bound ? 'pass' : 'FAIL';
}
