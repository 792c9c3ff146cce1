import { z } from 'zod';
import { DATE_INVALID_MESSAGE } from './fields.js';
import { formatMessage } from './messages.js';

type Issue = z.core.$ZodRawIssue;

const EXPECTED: Record<string, string> = {
  string: 'Ce champ doit être un texte.',
  number: formatMessage('validation.number'),
  int: 'Ce champ doit être un nombre entier.',
  bigint: 'Ce champ doit être un nombre entier.',
  boolean: 'Ce champ doit valoir oui ou non.',
  date: DATE_INVALID_MESSAGE,
  array: 'Ce champ doit être une liste.',
  object: 'Ce champ doit être un ensemble de valeurs.',
};

const FORMATS: Record<string, string> = {
  date: DATE_INVALID_MESSAGE,
  datetime: 'Date et heure invalides (format AAAA-MM-JJTHH:MM:SS).',
  email: formatMessage('validation.email'),
  url: 'Ce lien n’est pas une adresse web valide.',
  uuid: 'Identifiant invalide.',
};

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const maximum = issue.maximum.toString();
  switch (issue.origin) {
    case 'string':
      return formatMessage('validation.tooLong', { max: maximum });
    case 'array':
    case 'set':
      return `Ce champ contient au plus ${maximum} élément(s).`;
    default:
      return `La valeur doit être ${issue.inclusive ? 'au plus' : 'inférieure à'} ${maximum}.`;
  }
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const minimum = issue.minimum.toString();
  switch (issue.origin) {
    case 'string':
      return minimum === '1' ? formatMessage('validation.required') : formatMessage('validation.tooShort', { min: minimum });
    case 'array':
    case 'set':
      return minimum === '1' ? 'Choisissez au moins un élément.' : `Choisissez au moins ${minimum} éléments.`;
    default:
      return `La valeur doit être ${issue.inclusive ? 'au moins' : 'supérieure à'} ${minimum}.`;
  }
}

/**
 * The French text of a validation issue whose schema gave none (issue 15): what a person can act on, in
 * the words of the screens, never zod's English ("Invalid input: expected string, received undefined").
 * Set once for every schema by `z.config` below; a message written in a schema still wins.
 */
export function frenchZodMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? formatMessage('validation.required')
        : (EXPECTED[issue.expected] ?? 'Valeur invalide.');
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'Format invalide.';
    case 'invalid_value':
      return 'Valeur inconnue : choisissez une des valeurs proposées.';
    case 'unrecognized_keys':
      return `Champ(s) inattendu(s) : ${issue.keys.join(', ')}.`;
    default:
      return 'Valeur invalide.';
  }
}

z.config({ customError: frenchZodMessage });
