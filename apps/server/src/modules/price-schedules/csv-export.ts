import { BPU_CSV_HEADERS, BPU_TEMPLATE_CSV_HEADERS, type BpuPrestationLine, type PrestationRecord } from '@isf/contract';
import type { FastifyReply } from 'fastify';
import { sanitizeCsvValue, sendCsvFile } from '../../platform/csv-export.js';
import { formatCsvCost } from './costs.js';

type PrestationCells = Pick<
  PrestationRecord,
  'referenceName' | 'categoryParentName' | 'categoryName' | 'code' | 'description'
> & {
  unitName: string;
  typeName: string;
};

function prestationCells(row: PrestationCells): string[] {
  return [row.referenceName, row.categoryParentName, row.categoryName, row.code, row.description, row.unitName, row.typeName].map(
    (value) => sanitizeCsvValue(value, false),
  );
}

/** The template CSV: the columns its import reads back. */
export function sendTemplateCsv(reply: FastifyReply, templateId: number, rows: PrestationRecord[]): FastifyReply {
  return sendCsvFile(reply, `modele-bpu-${templateId}`, BPU_TEMPLATE_CSV_HEADERS, rows.map(prestationCells));
}

/** The BPU CSV: the template columns and the price (the locale's number format); its import reads Code and Prix. */
export function sendBpuCsv(reply: FastifyReply, bpuId: number, rows: BpuPrestationLine[]): FastifyReply {
  return sendCsvFile(
    reply,
    `bpu-${bpuId}`,
    BPU_CSV_HEADERS,
    rows.map((row) => [...prestationCells(row), formatCsvCost(row.prestationSST.cost, reply.server.locale)]),
  );
}
