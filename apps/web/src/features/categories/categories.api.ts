import type { CategoryRecord, categoryCreateSchema, categoryUpdateSchema } from '@isf/contract';
import { useQuery } from '@tanstack/react-query';
import { api, type CreateReply, type UpdateReply } from '../../lib/api-client';

/** A choice of a select: top categories, subcategories, units, ... */
export type Choice = { id: number; name: string };

export type CategoryCreate = ReturnType<typeof categoryCreateSchema.parse>;
export type CategoryUpdate = ReturnType<typeof categoryUpdateSchema.parse>;

export const CATEGORY_LIST_PATH = '/category';
export const CATEGORY_CSV_PATH = '/category/csv';
const PARENT_CHOICES_KEY = ['category', 'allParentCategories'] as const;

export function categoryQueryKey(id: number): readonly unknown[] {
  return ['category', id];
}

export function fetchCategory(id: number): Promise<CategoryRecord> {
  return api.get<CategoryRecord>(`/category/${id}`);
}

export function createCategory(payload: CategoryCreate): Promise<CreateReply> {
  return api.post<CreateReply>('/category', payload);
}

export function updateCategory(id: number, payload: CategoryUpdate): Promise<UpdateReply<CategoryRecord>> {
  return api.put<UpdateReply<CategoryRecord>>(`/category/${id}`, payload);
}

export function deleteCategory(id: number): Promise<{ success: boolean }> {
  return api.delete<{ success: boolean }>(`/category/${id}`);
}

/** Merges the duplicate categories; answers how many were merged. */
export function dedupeCategories(): Promise<{ success: boolean; merged: number }> {
  return api.post<{ success: boolean; merged: number }>('/category/dedupe');
}

/** The top categories, by name (parent and category selects). */
export function useParentCategories() {
  return useQuery({ queryKey: PARENT_CHOICES_KEY, queryFn: () => api.get<Choice[]>('/category/allParentCategories') });
}

/** The subcategories of a top category, by name; nothing without a category. */
export function useSubcategories(categoryId: number | null | undefined) {
  return useQuery({
    queryKey: ['category', categoryId, 'subcategories'],
    queryFn: () => api.get<Choice[]>(`/category/${categoryId}/subcategories/list`),
    enabled: typeof categoryId === 'number' && categoryId > 0,
  });
}

/** Options of a select from choices, keeping the current value when the list does not hold it. */
export function choiceOptions(choices: Choice[] | undefined, current?: Choice | null) {
  const options = (choices ?? []).map((choice) => ({ value: choice.id, label: choice.name }));
  if (current && !options.some((option) => option.value === current.id)) {
    options.push({ value: current.id, label: current.name });
  }
  return options;
}
