import type { OscarSubProjectRecord } from '@isf/contract';
import { api } from '../../lib/api-client';

export const OSCAR_SUBPROJECT_LIST_PATH = '/oscarsubprojects';
export const OSCAR_SUBPROJECT_CSV_PATH = '/oscarsubproject/csv';

/** The descriptive fields of a sub-project, in screen and list order (its name and project apart). */
export const OSCAR_SUBPROJECT_FIELDS = [
  'dsp',
  'oiCode',
  'marketType',
  'arcgisName',
  'year',
  'city',
  'status',
  'milestone',
  'nroName',
  'ipeIdNro',
  'ipeIdPm',
  'offerIdPm',
  'axioneInternalPmId',
  'pmCity',
] as const satisfies readonly (keyof OscarSubProjectRecord)[];

export type OscarSubprojectRow = Omit<OscarSubProjectRecord, 'oscarColumns'>;

export function fetchOscarSubproject(id: number): Promise<OscarSubProjectRecord> {
  return api.get<OscarSubProjectRecord>(`/oscarsubproject/${id}`);
}
