import { z } from 'zod';
import { formatMessage } from './messages.js';
import type { ResourceDefinition, ResourceField } from './resources.js';

// The payload schemas of the reference lists, apart from their declarations (resources.ts): the web's
// route table reads the declarations on its first screen, which must not load zod.

function fieldSchema(field: ResourceField) {
  const base = z
    .string({ error: formatMessage('validation.required') })
    .trim()
    .max(field.maxLength, formatMessage('validation.tooLong', { max: field.maxLength }));
  return field.required
    ? base.min(1, formatMessage('validation.required'))
    : base
        .transform((value) => (value === '' ? null : value))
        .nullable()
        .optional();
}

/** The payload schema of a create (fields asked in the create modal). */
export function resourceCreateSchema(definition: ResourceDefinition) {
  const shape = Object.fromEntries(
    definition.fields.filter((field) => field.inCreate).map((field) => [field.name, fieldSchema(field)]),
  );
  return z.object(shape);
}

/** The payload schema of an update: the editable fields plus the version the user loaded. */
export function resourceUpdateSchema(definition: ResourceDefinition) {
  const shape = Object.fromEntries(
    definition.fields.filter((field) => field.editable).map((field) => [field.name, fieldSchema(field)]),
  );
  return z.object({ ...shape, version: z.coerce.number().int().min(1) });
}
