import { type ListQuery, listQueryWireSchema, parseSort } from '@isf/contract';
import { badRequest } from './errors.js';

/** Parses the wire form of a list query (query string or form body) into a checked ListQuery. */
export function parseListQuery(input: unknown): ListQuery {
  const result = listQueryWireSchema.safeParse(input ?? {});
  if (!result.success) {
    const fields = Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.') || 'query', issue.message]));
    throw badRequest(Object.values(fields).join(' ; '), fields);
  }
  const wire = result.data;
  return {
    page: wire.page,
    size: wire.size,
    sort: parseSort(wire.sort),
    filters: wire.filters ?? {},
    summary: wire.summary ?? false,
  };
}
