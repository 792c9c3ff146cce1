/** The one separator between a code and its name: an em dash with a space each side. */
export const CODE_NAME_SEPARATOR = ' — ';

/**
 * A record's code (number, reference, eOTP…) and its name as the user reads them everywhere:
 * `code — name`; the part that is missing or empty is left out with its dash.
 */
export function codeAndName(code: string | null | undefined, name: string | null | undefined): string {
  return [code, name].filter((part): part is string => Boolean(part)).join(CODE_NAME_SEPARATOR);
}
