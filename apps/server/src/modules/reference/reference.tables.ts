import type { ResourceKey } from '@isf/contract';
import { sql } from 'drizzle-orm';
import {
  businessUnits,
  documentTypes,
  oracleConfigurations,
  paymentTerms,
  paymentTypes,
  prestationReferences,
  prestationTypes,
  projectTypes,
  units,
} from '../../db/schema/index.js';
import type { CrudTable } from '../../platform/crud.js';

export type ReferenceTable = CrudTable;

/** The table behind each declared resource, and the condition its list always applies. */
export const REFERENCE_TABLES: Record<ResourceKey, { table: ReferenceTable; where?: ReturnType<typeof sql> }> = {
  units: { table: units },
  projecttypes: { table: projectTypes },
  prestationtypes: { table: prestationTypes },
  prestationreferences: { table: prestationReferences },
  documenttypes: { table: documentTypes },
  businessunits: { table: businessUnits, where: sql`${businessUnits.type} = 'requisitioning'` },
  paymenttypes: { table: paymentTypes },
  paymentterms: { table: paymentTerms },
  oracleconfigurations: { table: oracleConfigurations },
};
