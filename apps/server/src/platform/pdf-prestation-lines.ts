import type { Content } from 'pdfmake/interfaces.js';
import { type LineColumn, linesTable, type TotalLine } from './pdf-blocks.js';
import { formatAmountFr, formatQuantityFr } from './pdf-document.js';

/** A line of the price schedule as a document prints it, amounts and quantities as decimal strings. */
export type PrestationPrintedLine = {
  group: string;
  code: string;
  description: string;
  unit: string;
  unitPrice: string;
  /** In the order of the table's `quantities` columns. */
  quantities: string[];
  total: string;
};

/**
 * The lines table of the documents priced on a market's schedule (purchase order, work statement): the
 * prestation's code, description, unit and unit price, the document's quantity columns, then its amount.
 */
export function prestationLinesTable(options: {
  title: string;
  /** The widths of the code, unit and unit price columns. */
  widths: { code: number; unit: number; unitPrice: number };
  quantities: { title: string; width: number }[];
  amount: { title: string; width: number };
  lines: PrestationPrintedLine[];
  empty: string;
  totals: TotalLine[];
  fontSize?: number;
}): Content {
  const { widths } = options;
  const columns: LineColumn[] = [
    { title: 'Code', width: widths.code, noWrap: true },
    { title: 'Désignation', width: '*' },
    { title: 'Unité', width: widths.unit },
    { title: 'P.U. HT', width: widths.unitPrice, numeric: true },
    ...options.quantities.map((quantity) => ({ ...quantity, numeric: true })),
    { ...options.amount, numeric: true },
  ];
  return linesTable({
    title: options.title,
    columns,
    lines: options.lines.map((line) => ({
      group: line.group,
      cells: [
        line.code,
        line.description,
        line.unit,
        formatAmountFr(line.unitPrice),
        ...line.quantities.map(formatQuantityFr),
        formatAmountFr(line.total),
      ],
    })),
    empty: options.empty,
    totals: options.totals,
    fontSize: options.fontSize,
  });
}
