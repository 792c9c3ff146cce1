/** What the company registry (INSEE Sirene) tells about an establishment. */
export type RegistryLookup =
  | { found: true; siret: string; name: string; address: string; active: boolean }
  | { found: false; siret: string };

/** The registry answered with an error (its text is shown to the user). */
export class RegistryError extends Error {}

/** The registry answered something that is not a Sirene reply. */
export class RegistryInvalidResponse extends Error {}

export type CompanyRegistry = {
  lookup(siret: string): Promise<RegistryLookup>;
};
