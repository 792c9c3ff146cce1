import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { inject, uniqueName } from './helper.js';
import { multipart } from './multipart.js';

/** Factories of the price-schedule tests: every record through the API, with unique names. */
export function priceScheduleFixtures(app: FastifyInstance, token: () => string) {
  async function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    return inject(app, { method, url, token: token(), payload });
  }

  async function created(url: string, payload: object): Promise<number> {
    const response = await send('POST', url, payload);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return Number(response.json<{ id: number }>().id);
  }

  async function namedList(url: string): Promise<{ id: number; name: string }[]> {
    const response = await send('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const fixtures = {
    send,
    created,

    category: (name = uniqueName('Catégorie'), parent: number | null = null) => created('/api/category', { name, parent }),

    template: (name = uniqueName('Modèle')) => created('/api/bputemplate', { name }),

    /** Ids of the seeded unit, reference and type of the given names. */
    async choices(unit = 'Unité', reference = 'Soudure', type = "Main d'œuvre") {
      const pick = async (url: string, name: string) => {
        const found = (await namedList(url)).find((row) => row.name === name);
        expect(found, `${url} ${name}`).toBeDefined();
        return found?.id ?? 0;
      };
      return {
        unit: await pick('/api/bputemplates/units', unit),
        reference: await pick('/api/bputemplates/prestationreferences', reference),
        type: await pick('/api/bputemplates/prestationtypes', type),
      };
    },

    async prestation(bpu: number, category: number, overrides: Record<string, unknown> = {}) {
      const choices = await fixtures.choices();
      return created('/api/prestation', {
        bpu,
        category,
        subcategory: null,
        code: uniqueName('CODE'),
        description: 'Prestation de test',
        ...choices,
        ...overrides,
      });
    },

    /** A market of the demo (a BPU needs one, spec 3 §5). */
    async market(): Promise<number> {
      const response = await send('GET', '/api/markets/active?size=1');
      expect(response.statusCode, response.body).toBe(200);
      return Number(response.json<{ content: { id: number }[] }>().content[0]?.id);
    },

    bpu: async (bpuTemplate: number, name = uniqueName('BPU')) =>
      created('/api/bpu', { name, bpuTemplate, market: await fixtures.market() }),
  };
  return fixtures;
}

/** A CSV file as French Excel saves it: BOM, `;`, CRLF. */
export function csvFile(lines: string[][], options: { bom?: boolean } = {}): Buffer {
  return Buffer.from(stringify(lines, { bom: options.bom !== false, delimiter: ';', record_delimiter: '\r\n' }), 'utf8');
}

export function importForm(content: Buffer, fileName = 'import.csv') {
  return multipart([{ name: 'file', fileName, content, contentType: 'text/csv' }]);
}

/** The rows of a CSV answer, header first. */
export function csvRows(body: string): string[][] {
  return parse(body, { bom: true, delimiter: ';' }) as string[][];
}
