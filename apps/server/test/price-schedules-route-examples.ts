import { expect } from 'vitest';
import { inject, uniqueName } from './helper.js';
import { csvFile, importForm } from './price-schedules-fixtures.js';
import type { ExampleContext, RouteExample } from './route-examples.js';

async function asAdmin(context: ExampleContext, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await inject(context.app, { method, url, token: context.admin, payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json();
}

async function created(context: ExampleContext, url: string, payload: object): Promise<number> {
  return Number((await asAdmin(context, 'POST', url, payload)).id);
}

const newCategory = (context: ExampleContext, parent: number | null = null) =>
  created(context, '/api/category', { name: uniqueName('Catégorie'), parent });

const newTemplate = (context: ExampleContext) => created(context, '/api/bputemplate', { name: uniqueName('Modèle') });

async function firstChoice(context: ExampleContext, url: string): Promise<number> {
  const [first] = await asAdmin(context, 'GET', url);
  return Number(first.id);
}

/** A market of the demo: a BPU needs one (spec 3 §5). */
async function demoMarket(context: ExampleContext): Promise<number> {
  const reply = await asAdmin(context, 'GET', '/api/markets/active?size=1');
  return Number(reply.content[0].id);
}

async function newPrestation(
  context: ExampleContext,
  template?: number,
): Promise<{ id: number; template: number; code: string }> {
  const bpu = template ?? (await newTemplate(context));
  const code = uniqueName('CODE');
  const id = await created(context, '/api/prestation', {
    bpu,
    category: await newCategory(context),
    code,
    description: 'Exemple',
    unit: await firstChoice(context, '/api/bputemplates/units'),
    reference: await firstChoice(context, '/api/bputemplates/prestationreferences'),
    type: await firstChoice(context, '/api/bputemplates/prestationtypes'),
  });
  return { id, template: bpu, code };
}

async function newBpu(context: ExampleContext) {
  const prestation = await newPrestation(context);
  const id = await created(context, '/api/bpu', {
    name: uniqueName('BPU'),
    bpuTemplate: prestation.template,
    market: await demoMarket(context),
  });
  return { id, prestation };
}

const newOrderTemplate = async (context: ExampleContext) =>
  created(context, '/api/orderTemplate/create', { name: uniqueName('Modèle OS'), bpuTemplate: await newTemplate(context) });

function upload(url: string, lines: string[][]) {
  const form = importForm(csvFile(lines));
  return { url, payload: form.payload, headers: form.headers };
}

/** Example requests of the price-schedule routes (spec 3), for the authorization matrix. */
export const PRICE_SCHEDULE_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'POST /api/category': async () => ({ url: '/api/category', payload: { name: uniqueName('Catégorie') } }),
  'POST /api/category/dedupe': async () => ({ url: '/api/category/dedupe', payload: {} }),
  'GET /api/category/:id': async (context) => ({ url: `/api/category/${await newCategory(context)}` }),
  'PUT /api/category/:id': async (context) => ({
    url: `/api/category/${await newCategory(context)}`,
    payload: { name: uniqueName('Catégorie'), parent: await newCategory(context), version: 1 },
  }),
  'DELETE /api/category/:id': async (context) => ({ url: `/api/category/${await newCategory(context)}` }),
  'GET /api/category/:id/subcategories': async (context) => ({
    url: `/api/category/${await newCategory(context)}/subcategories`,
  }),
  'GET /api/category/:id/subcategories/list': async (context) => ({
    url: `/api/category/${await newCategory(context)}/subcategories/list`,
  }),

  'POST /api/prestation': async (context) => {
    const template = await newTemplate(context);
    return {
      url: '/api/prestation',
      payload: {
        bpu: template,
        category: await newCategory(context),
        code: uniqueName('CODE'),
        description: 'Exemple',
        unit: await firstChoice(context, '/api/bputemplates/units'),
        reference: await firstChoice(context, '/api/bputemplates/prestationreferences'),
        type: await firstChoice(context, '/api/bputemplates/prestationtypes'),
      },
    };
  },
  'GET /api/prestation/:id': async (context) => ({ url: `/api/prestation/${(await newPrestation(context)).id}` }),
  'PUT /api/prestation/:id': async (context) => {
    const { id } = await newPrestation(context);
    const record = await asAdmin(context, 'GET', `/api/prestation/${id}`);
    return { url: `/api/prestation/${id}`, payload: { ...record, subcategory: await newCategory(context, record.category) } };
  },
  'DELETE /api/prestation/:id': async (context) => ({ url: `/api/prestation/${(await newPrestation(context)).id}` }),

  'POST /api/bputemplate': async () => ({ url: '/api/bputemplate', payload: { name: uniqueName('Modèle') } }),
  'GET /api/bputemplate/:id': async (context) => ({ url: `/api/bputemplate/${await newTemplate(context)}` }),
  'PUT /api/bputemplate/:id': async (context) => ({
    url: `/api/bputemplate/${await newTemplate(context)}`,
    payload: { name: uniqueName('Modèle'), version: 1 },
  }),
  'DELETE /api/bputemplate/:id': async (context) => ({ url: `/api/bputemplate/${await newTemplate(context)}` }),
  'GET /api/bputemplate/:id/prestations': async (context) => ({
    url: `/api/bputemplate/${(await newPrestation(context)).template}/prestations`,
  }),
  'POST /api/bputemplate/:id/export': async (context) => ({
    url: `/api/bputemplate/${(await newPrestation(context)).template}/export`,
    payload: {},
  }),
  'POST /api/bputemplate/:id/import': async (context) => {
    const category = await asAdmin(context, 'GET', `/api/category/${await newCategory(context)}`);
    return upload(`/api/bputemplate/${await newTemplate(context)}/import`, [
      ['Référence', 'Catégorie parente', 'Catégorie', 'Code', 'Désignation', 'Unité', 'Type'],
      ['Soudure', '', category.name, uniqueName('CODE'), 'Exemple', 'Unité', 'Fourniture'],
    ]);
  },

  'POST /api/bpu': async (context) => ({
    url: '/api/bpu',
    payload: { name: uniqueName('BPU'), bpuTemplate: await newTemplate(context), market: await demoMarket(context) },
  }),
  'GET /api/bpu/:id': async (context) => ({ url: `/api/bpu/${(await newBpu(context)).id}` }),
  'PUT /api/bpu/:id': async (context) => {
    const { id, prestation } = await newBpu(context);
    return {
      url: `/api/bpu/${id}`,
      payload: { name: uniqueName('BPU'), version: 1, prestationSSTs: [{ id: null, prestation: prestation.id, cost: '12.34' }] },
    };
  },
  'DELETE /api/bpu/:id': async (context) => ({ url: `/api/bpu/${(await newBpu(context)).id}` }),
  'GET /api/bpu/:id/prestations': async (context) => ({ url: `/api/bpu/${(await newBpu(context)).id}/prestations` }),
  'POST /api/bpu/:id/export': async (context) => ({ url: `/api/bpu/${(await newBpu(context)).id}/export`, payload: {} }),
  'POST /api/bpu/:id/import': async (context) => {
    const { id, prestation } = await newBpu(context);
    return upload(`/api/bpu/${id}/import`, [
      ['Code', 'Prix'],
      [prestation.code, '1,50'],
    ]);
  },

  'POST /api/orderTemplate/create': async (context) => ({
    url: '/api/orderTemplate/create',
    payload: { name: uniqueName('Modèle OS'), bpuTemplate: await newTemplate(context) },
  }),
  'GET /api/orderTemplate/:id': async (context) => ({ url: `/api/orderTemplate/${await newOrderTemplate(context)}` }),
  'PUT /api/orderTemplate/:id': async (context) => ({
    url: `/api/orderTemplate/${await newOrderTemplate(context)}`,
    payload: { name: uniqueName('Modèle OS'), prestations: [], version: 1 },
  }),
  'DELETE /api/orderTemplate/:id/delete': async (context) => ({
    url: `/api/orderTemplate/${await newOrderTemplate(context)}/delete`,
  }),
};
