import { z } from 'zod';
import { optionalId, requiredId, requiredText, versionField } from './fields.js';
import { NEED_CATEGORY_MESSAGE } from './shared-messages.js';

/** Texts of the price-schedule screens (spec 3 §8 where it gives them, ours otherwise). */
export const BPU_LOCKED_MESSAGE = 'Ce BPU est verrouillé : il ne peut être ni modifié, ni supprimé, ni réimporté.';
export const NO_IMPORT_FILE_MESSAGE = 'Aucun fichier sélectionné.';
export const COST_INVALID_MESSAGE = 'Prix invalide (nombre positif ou nul, deux décimales au plus).';
export const CATEGORY_PARENT_NOT_TOP_MESSAGE = 'La catégorie parente doit être une catégorie de premier niveau.';
export const CATEGORY_HAS_CHILDREN_MESSAGE =
  'Une catégorie qui a des sous-catégories ne peut pas devenir elle-même une sous-catégorie.';
/** Two categories of one level cannot share a name (case, accents and spacing aside). */
export const TOP_CATEGORY_NAME_TAKEN_MESSAGE = 'Une catégorie de premier niveau porte déjà ce nom.';
export const SUBCATEGORY_NAME_TAKEN_MESSAGE = 'Cette catégorie parente a déjà une sous-catégorie de ce nom.';
export const PRESTATION_OUTSIDE_TEMPLATE_MESSAGE = "Une prestation choisie n'appartient pas au modèle de BPU.";

/** Columns of the BPU template CSV (export and import), in order. */
export const BPU_TEMPLATE_CSV_HEADERS = [
  'Référence',
  'Catégorie parente',
  'Catégorie',
  'Code',
  'Désignation',
  'Unité',
  'Type',
] as const;
/** The BPU CSV is the template's plus the price; its import reads only Code and Prix. */
export const BPU_CSV_HEADERS = [...BPU_TEMPLATE_CSV_HEADERS, 'Prix'] as const;

/** Columns a prestation table (template, BPU) may be sorted by with `sort=column,asc|desc`. */
export const PRESTATION_SORT_COLUMNS = [
  'id',
  'code',
  'description',
  'referenceName',
  'categoryParentName',
  'categoryName',
  'unitName',
  'typeName',
] as const;
export type PrestationSortColumn = (typeof PRESTATION_SORT_COLUMNS)[number];

const version = versionField;

/**
 * A cost typed by a user: decimal text (a comma is accepted), zero or more, two decimals at most; an
 * empty value is kept as ''. Never converted to a binary float.
 */
export const costSchema = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim().replace(',', '.').replace(/\s/g, '')))
  .refine((value) => value === '' || /^\d{1,12}(\.\d{1,2})?$/.test(value), COST_INVALID_MESSAGE);

/** Category (spec 3 §5): name required; the parent is optional on creation, required on the detail. */
export const categoryCreateSchema = z.object({ name: requiredText(), parent: optionalId });
export const categoryUpdateSchema = z.object({ name: requiredText(), parent: requiredId, version });

const prestationFields = {
  reference: requiredId,
  /** The top category. */
  category: requiredId,
  code: requiredText(100),
  description: requiredText(2000),
  unit: requiredId,
  type: requiredId,
};

/**
 * Prestation creation: template, reference, category, unit, type, code and designation required; the
 * subcategory is optional and comes only after a category ('need category', spec 3 §8).
 */
export const prestationCreateSchema = z.object({ bpu: requiredId, ...prestationFields, subcategory: optionalId }).superRefine(
  (value, context) => {
    const input = value as unknown;
    if (typeof input !== 'object' || input === null) {
      return;
    }
    const { category, subcategory } = input as { category?: unknown; subcategory?: unknown };
    const hasCategory = typeof category === 'number' && Number.isInteger(category) && category > 0;
    if (subcategory !== null && subcategory !== undefined && subcategory !== '' && !hasCategory) {
      context.addIssue({ code: 'custom', path: ['subcategory'], message: NEED_CATEGORY_MESSAGE });
    }
  },
  // also when another field already failed: a subcategory without its category is the message to show
  { when: () => true },
);
/**
 * Prestation detail: the template is read-only; the subcategory is required (spec 3 §5) whenever the
 * category has subcategories, which the server checks (a category without any keeps its prestations).
 */
export const prestationUpdateSchema = z.object({ ...prestationFields, subcategory: optionalId, version });

export const bpuTemplateCreateSchema = z.object({ name: requiredText() });
export const bpuTemplateUpdateSchema = z.object({ name: requiredText(), version });

/** BPU creation (spec 3 §5): name, template and market required. */
export const bpuCreateSchema = z.object({ name: requiredText(), bpuTemplate: requiredId, market: requiredId });

export const priceLineSchema = z.object({
  /** The saved line's id, or null for a price not saved yet. */
  id: optionalId,
  prestation: requiredId,
  cost: costSchema,
});

/** BPU edit: name, version and price lines; template, market and lock are read-only. */
export const bpuUpdateSchema = z.object({
  name: requiredText(),
  version,
  prestationSSTs: z.array(priceLineSchema).max(10_000).default([]),
});

export const orderTemplateCreateSchema = z.object({ name: requiredText(), bpuTemplate: requiredId });
export const orderTemplateUpdateSchema = z.object({
  name: requiredText(),
  prestations: z.array(requiredId).max(10_000).default([]),
  version,
});

export type CategoryRecord = { id: number; version: number; name: string; parent: number | null; parentName: string | null };

/** A prestation as its detail and the template editor show it. */
export type PrestationRecord = {
  id: number;
  version: number;
  bpu: number;
  bpuTemplateName: string;
  reference: number;
  referenceName: string;
  /** The top category (the category itself when the prestation has no subcategory). */
  category: number;
  subcategory: number | null;
  /** Name of the parent of the prestation's own category (null when that category is a top one). */
  categoryParentName: string | null;
  /** Name of the prestation's own category (the subcategory when there is one). */
  categoryName: string;
  code: string;
  description: string;
  unit: number;
  unitName: string;
  type: number;
  typeName: string;
};

/** One row of `GET /bpu/{id}/prestations`: a template prestation with its price line. */
export type BpuPrestationLine = {
  id: number;
  code: string;
  description: string;
  referenceName: string;
  categoryParentName: string | null;
  categoryName: string;
  /** The unit's name (spec 3 §3), also as unitName like the other tables. */
  unit: string;
  unitName: string;
  typeName: string;
  locked: boolean;
  prestationSST: { id: number | null; cost: string; bpuSST: number; prestation: number };
};

export type OrderTemplateTree = {
  parentCategory: { id: number; name: string };
  categories: {
    /** The subcategory; null for prestations attached directly to the parent category. */
    category: { id: number; name: string } | null;
    prestations: { id: number; code: string; description: string; unitName: string; typeName: string; selected: boolean }[];
  }[];
}[];

export type ImportReply = { success: true; message: string; created: number; updated: number };
