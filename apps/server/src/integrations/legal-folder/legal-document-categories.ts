import type { LegalCategory, LegalDocument } from './legal-folder.port.js';

type CategoryDefinition = { code: string; name: string; documentCodes: string[] };

/**
 * The platform lists a folder's documents without grouping them; ISF groups the vigilance documents of
 * the French subcontracting rules (Code du travail L.8222-1, D.8222-5; insurance duties) by their code.
 */
const CATEGORIES: CategoryDefinition[] = [
  { code: 'LEGAL', name: 'Documents légaux', documentCodes: ['KBIS', 'RNE', 'INSEE', 'STATUTS'] },
  { code: 'SOCIAL', name: 'Obligations sociales', documentCodes: ['ATT_URSSAF', 'ASLNC', 'LNTE', 'ATT_MSA', 'ATT_CONGES'] },
  { code: 'TAX', name: 'Obligations fiscales', documentCodes: ['ATT_FISCALE'] },
  { code: 'INSURANCE', name: 'Assurances', documentCodes: ['ATT_RC_PRO', 'ATT_DECENNALE'] },
];

const OTHER: Omit<CategoryDefinition, 'documentCodes'> = { code: 'OTHER', name: 'Autres documents' };

/** The documents grouped by category, in the categories' order; unknown codes go to "Autres documents". */
export function groupByCategory(documents: LegalDocument[]): LegalCategory[] {
  const groups = [...CATEGORIES, { ...OTHER, documentCodes: [] }].map((category) => ({
    code: category.code,
    name: category.name,
    known: new Set(category.documentCodes),
    documents: [] as LegalDocument[],
  }));
  const other = groups[groups.length - 1];
  for (const document of documents) {
    const group = groups.find((candidate) => candidate.known.has(document.code)) ?? other;
    group?.documents.push(document);
  }
  return groups
    .filter((group) => group.documents.length > 0)
    .map(({ code, name, documents: grouped }) => ({ code, name, documents: grouped }));
}
