/** Entity codes by which rights are keyed (spec 1 §3, 3 §3). */
export const ENTITY_CODES = [
  'agency',
  'attachement',
  'bpu_sst',
  'bpu_template',
  'business_unit',
  'category',
  'company',
  'contract',
  'contract_template',
  'budget_dc4',
  'deposit',
  'document',
  'document_type',
  'envelope',
  'imputation',
  'monthly_statement',
  'notification',
  'budget_od',
  'oracle_project',
  'oracle_task',
  'order',
  'oracle_configuration',
  'oracle_imputation',
  'os_template',
  'payment_guarantee',
  'payment_type',
  'payment_term',
  'popup',
  'prestation',
  'prestation_reference',
  'prestation_type',
  'project',
  'project_type',
  'budget_quantitative',
  'role',
  'subcontractor_market',
  'task',
  'unit',
  'user',
  'user_agency',
  'user_project',
  'budget_rg_caution',
  'warranty',
  'evaluation_safety',
  'evaluation_procurement',
  'evaluation_project',
] as const;

export type EntityCode = (typeof ENTITY_CODES)[number];

export const RIGHT_ACTIONS = ['create', 'read', 'update', 'delete'] as const;
export type RightAction = (typeof RIGHT_ACTIONS)[number];

export type EntityRights = Record<RightAction, EntityCode[]>;

export function isEntityCode(value: string): value is EntityCode {
  return (ENTITY_CODES as readonly string[]).includes(value);
}
