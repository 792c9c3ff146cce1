import type { ResourceDefinition, ResourceRecord } from '@isf/contract';
import { api } from '../../lib/api-client';

export type CreateReply = { success: boolean; id: number };
export type UpdateReply = { success: boolean; id: number; record?: ResourceRecord };
export type DeleteReply = { success: boolean };

export function recordQueryKey(definition: ResourceDefinition, id: number): readonly unknown[] {
  return ['record', definition.api.item, id];
}

export function fetchRecord(definition: ResourceDefinition, id: number): Promise<ResourceRecord> {
  return api.get<ResourceRecord>(`${definition.api.item}/${id}`);
}

export function createRecord(createPath: string, payload: unknown): Promise<CreateReply> {
  return api.post<CreateReply>(createPath, payload);
}

export function updateRecord(definition: ResourceDefinition, id: number, payload: unknown): Promise<UpdateReply> {
  return api.put<UpdateReply>(`${definition.api.item}/${id}`, payload);
}

export function deleteRecord(definition: ResourceDefinition, id: number): Promise<DeleteReply> {
  return api.delete<DeleteReply>(`${definition.api.item}/${id}`);
}

/** The form values of a record: every declared field, empty text for missing values. */
export function formValuesOf(definition: ResourceDefinition, record: ResourceRecord): Record<string, string> {
  return Object.fromEntries(definition.fields.map((field) => [field.name, String(record[field.name] ?? '')]));
}
