import type { PrestationRecord, prestationCreateSchema, prestationUpdateSchema } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { api, type CreateReply, type UpdateReply } from '../../lib/api-client';
import type { Choice } from '../categories/categories.api';

export type PrestationCreate = ReturnType<typeof prestationCreateSchema.parse>;
export type PrestationUpdate = ReturnType<typeof prestationUpdateSchema.parse>;

export const PRESTATION_CSV_PATH = '/prestation/csv';

export function prestationQueryKey(id: number): readonly unknown[] {
  return ['prestation', id];
}

export function fetchPrestation(id: number): Promise<PrestationRecord> {
  return api.get<PrestationRecord>(`/prestation/${id}`);
}

export function createPrestation(payload: PrestationCreate): Promise<CreateReply> {
  return api.post<CreateReply>('/prestation', payload);
}

export function updatePrestation(id: number, payload: PrestationUpdate): Promise<UpdateReply<PrestationRecord>> {
  return api.put<UpdateReply<PrestationRecord>>(`/prestation/${id}`, payload);
}

export function deletePrestation(id: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/prestation/${id}`);
}

const CHOICE_PATHS = {
  templates: '/bputemplates/list',
  units: '/bputemplates/units',
  references: '/bputemplates/prestationreferences',
  types: '/bputemplates/prestationtypes',
} as const;

/** The choices of a prestation select (templates, units, references, types), by name. */
export function usePrestationChoices(kind: keyof typeof CHOICE_PATHS) {
  return useQuery({ queryKey: ['prestation-choices', kind], queryFn: () => api.get<Choice[]>(CHOICE_PATHS[kind]) });
}

/** The prestations of a template, under any sort (a prefix of each sort's key). */
export function bpuTemplatePrestationsKey(id: number, sort?: string): readonly unknown[] {
  return sort === undefined ? ['bputemplate', id, 'prestations'] : ['bputemplate', id, 'prestations', sort];
}
