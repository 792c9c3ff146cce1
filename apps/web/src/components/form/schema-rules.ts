import { frenchZodMessage } from '@isf/contract';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

/** The part of a schema issue (zod) the forms read. */
export type SchemaIssue = { code: string; message: string; path: readonly PropertyKey[]; maximum?: unknown; minimum?: unknown };

/** What a parse yields: the checked value, or the issues. */
export type ParseResult<Output> = { success: true; data: Output } | { success: false; error: { issues: readonly SchemaIssue[] } };

/** Anything with zod's `safeParse`: the contract's payload schemas and their fields. */
export type SafeParser<Output = unknown> = {
  safeParse: (value: unknown, context?: z.core.ParseContext<z.core.$ZodIssue>) => ParseResult<Output>;
};

/**
 * Checks a value with a contract schema, the French messages of the contract (`frenchZodMessage`) given to
 * the parse itself: the contract also sets them once with `z.config` when it loads, but the web's bundle is
 * `sideEffects: false` and drops that call, so a parse relying on it would show zod's English. A message
 * written in the schema still wins. Every form of the web checks its values through this.
 */
export function parseInFrench<Output>(schema: SafeParser<Output>, value: unknown): ParseResult<Output> {
  return schema.safeParse(value, { error: frenchZodMessage });
}

/** The text of an issue in the user's language (the contract's own texts are French). */
export function issueText(issue: SchemaIssue, t: TFunction): string {
  if (issue.code === 'too_big' && typeof issue.maximum === 'number') {
    return t('validation.tooLong', { max: issue.maximum });
  }
  if (issue.code === 'too_small' && typeof issue.minimum === 'number' && issue.minimum > 1) {
    return t('validation.tooShort', { min: issue.minimum });
  }
  if (issue.code === 'too_small' || issue.code === 'invalid_type') {
    return t('validation.required');
  }
  return issue.message;
}

/** The first error of each field of a failed parse. */
export function fieldErrorsOf(issues: readonly SchemaIssue[], t: TFunction): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && errors[field] === undefined) {
      errors[field] = issueText(issue, t);
    }
  }
  return errors;
}

/** An antd form rule that checks a field with the contract's schema of that field. */
export function schemaRule(fieldSchema: SafeParser | undefined, t: TFunction): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = fieldSchema ? parseInFrench(fieldSchema, typeof value === 'string' ? value : (value ?? '')) : undefined;
      if (result && !result.success) {
        const issue = result.error.issues[0];
        throw new Error(issue ? issueText(issue, t) : t('validation.required'));
      }
    },
  };
}

/** The field errors of a 400 reply (`fields: { name: message }`), or none. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (error instanceof ApiError && error.status === 400 && error.body?.fields) {
    return error.body.fields;
  }
  return {};
}

/** Checks a form's payload with a contract schema: the checked value, or null with the errors shown under the fields. */
export function parseForForm<Output>(
  form: FormInstance,
  schema: SafeParser<Output>,
  value: unknown,
  t: TFunction,
): Output | null {
  const parsed = parseInFrench(schema, value);
  if (!parsed.success) {
    showFieldErrors(form, fieldErrorsOf(parsed.error.issues, t));
    return null;
  }
  return parsed.data;
}

/** Shows field errors under the form's fields; returns whether any was shown. */
export function showFieldErrors(form: FormInstance, errors: Record<string, string>): boolean {
  const entries = Object.entries(errors);
  form.setFields(entries.map(([name, message]) => ({ name, errors: [message] })));
  return entries.length > 0;
}
