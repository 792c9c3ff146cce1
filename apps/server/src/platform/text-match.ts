/**
 * Accent- and case-insensitive "contains" for the list engine's text filters (docs/decisions.md, Lists).
 *
 * The typed value is folded (lower case, the accents of the Latin-1 letters removed, œ and æ spelled oe
 * and ae, the typographic apostrophe made plain), then turned into a regular expression whose every
 * character is the class of the characters that fold to it: `societe` becomes
 * `[sS][oòóôõöøOÒÓÔÕÖØ][cçCÇ]…`. The column itself is read as stored, so the filter costs one regular
 * expression per row (close to `lower(column) LIKE`, where a folding SQL function would cost several
 * times more) and a trigram index on the bare column can serve it. The classes are spelled out, so the
 * result depends neither on the database's locale nor on PGlite against PostgreSQL.
 */

import { type SQL, sql } from 'drizzle-orm';

/** The accented letters folded to each base letter (lower case; capitals are derived). */
const ACCENTS: Record<string, string> = {
  a: 'àáâãäå',
  c: 'ç',
  e: 'èéêë',
  i: 'ìíîï',
  n: 'ñ',
  o: 'òóôõöø',
  u: 'ùúûü',
  y: 'ýÿ',
};

const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae' };
/** The ligatures a folded pair stands for, e.g. `oe` for œ and Œ. */
const PAIRS: Record<string, string> = { oe: 'œŒ', ae: 'æÆ' };
/** The ligatures whose folding starts with (`head`) or ends with (`tail`) a letter. */
const HEAD: Record<string, string> = { o: 'œŒ', a: 'æÆ' };
const TAIL: Record<string, string> = { e: 'œŒæÆ' };
const APOSTROPHES = "'’";

const BASE_OF = new Map<string, string>();
for (const [base, accented] of Object.entries(ACCENTS)) {
  for (const letter of accented) {
    BASE_OF.set(letter, base);
    BASE_OF.set(letter.toUpperCase(), base);
  }
}

function singleCase(character: string, to: 'upper' | 'lower'): string {
  const changed = to === 'upper' ? character.toUpperCase() : character.toLowerCase();
  return [...changed].length === 1 ? changed : character;
}

/** Lower case, accents of the Latin-1 letters removed, œ → oe, æ → ae, ’ → '. */
export function foldText(value: string): string {
  let folded = '';
  for (const character of value) {
    const lower = singleCase(character, 'lower');
    folded += BASE_OF.get(character) ?? LIGATURES[lower] ?? (character === '’' ? "'" : lower);
  }
  return folded;
}

/** The characters of the column that fold to one folded character. */
function variantsOf(folded: string): string {
  if (folded === "'") {
    return APOSTROPHES;
  }
  const accented = ACCENTS[folded] ?? '';
  const variants = new Set([folded, singleCase(folded, 'upper'), ...accented, ...accented.toUpperCase()]);
  return [...variants].join('');
}

/** A bracket expression of characters, or the character alone; ASCII punctuation is escaped. */
function characterClass(characters: string): string {
  const list = [...characters];
  if (list.length === 1) {
    const [only = ''] = list;
    if (/^[a-z0-9]$/i.test(only)) {
      return only;
    }
    // an ARE reads `\` followed by a non-alphanumeric character as that character
    return /^[\x20-\x7e]$/.test(only) ? `\\${only}` : `[${only}]`;
  }
  // the variants of a letter are letters (or the two apostrophes): nothing to escape in brackets
  return `[${list.join('')}]`;
}

/**
 * The regular expression (PostgreSQL ARE, unanchored) that a text matches when its folded form contains
 * the folded `value`. A ligature of the text folds to two letters: it stands for a folded `oe` / `ae`,
 * and also for a first `e` (its end) or a last `o` / `a` (its start).
 */
export function containsPattern(value: string): string {
  const folded = [...foldText(value)];
  const parts: string[] = [];
  for (let index = 0; index < folded.length; index += 1) {
    const character = folded[index] ?? '';
    const pair = `${character}${folded[index + 1] ?? ''}`;
    const ligatures = PAIRS[pair];
    if (ligatures) {
      const [first = '', second = ''] = pair;
      // `index + 1` is never the last `o`/`a` nor the first `e`: a pair ends with `e` and starts with `o`/`a`
      parts.push(`(?:${characterClass(variantsOf(first))}${characterClass(variantsOf(second))}|[${ligatures}])`);
      index += 1;
      continue;
    }
    let variants = variantsOf(character);
    if (index === 0) {
      variants += TAIL[character] ?? '';
    }
    if (index === folded.length - 1) {
      variants += HEAD[character] ?? '';
    }
    parts.push(characterClass(variants));
  }
  return parts.join('');
}

/** How many characters a search gram has (`search_grams`, migration 0062). */
export const SEARCH_GRAM_LENGTH = 5;

/**
 * The search grams the folded `value` needs in a text that contains it: its distinct substrings of
 * `SEARCH_GRAM_LENGTH` characters, sorted; undefined when the value is shorter, or folds to a character
 * outside ASCII (the database folds only ASCII capitals, the Latin-1 accents, œ / æ and ’, see
 * `search_grams`: a text whose other characters match the value's by case would hold other grams).
 */
export function searchGramsOf(value: string): string[] | undefined {
  const folded = foldText(value);
  if (folded.length < SEARCH_GRAM_LENGTH || !/^[\x20-\x7e]*$/.test(folded)) {
    return undefined;
  }
  const grams = new Set<string>();
  for (let start = 0; start + SEARCH_GRAM_LENGTH <= folded.length; start += 1) {
    grams.add(folded.slice(start, start + SEARCH_GRAM_LENGTH));
  }
  return [...grams].sort();
}

/**
 * How a "contains" condition's rows are read. `grams`: every row it selects is read (a count, totals, an
 * export) and the column has a `search_grams` index, which then finds them; the match itself is checked
 * on `column || ''`, which no index serves. Otherwise (a page of rows in the list's order) the planner
 * walks the order's index or scans the trigram index.
 */
export type ContainsReading = { grams?: boolean };

/**
 * `column` contains `value`, case and accents ignored: the condition every text search sends. A value none
 * of whose characters has another form (digits and punctuation but the apostrophe: `2023-001`, `-00042-`)
 * is searched with `LIKE '%…%'`, which matches the same texts as its regular expression (every character
 * stands for itself) at a few times less per row read; the trigram indexes serve both.
 *
 * Read with `grams` (a column with a `search_grams` index, every selected row read), a value of 5 ASCII
 * characters or more is first looked up by its grams (docs/decisions.md, "Contains on references: search
 * grams"): every trigram of `2023-001` stands in a seventh of the references or more, and the trigram
 * index's scan cost 50 ms on 1,000,000 orders where its 5-character grams take 5. The match is then
 * checked on `column || ''`, so that the planner does not also scan the trigram index and AND both bitmaps.
 */
export function textContains(column: SQL | SQL.Aliased | { getSQL(): SQL }, value: string, reading: ContainsReading = {}): SQL {
  const grams = reading.grams ? searchGramsOf(value) : undefined;
  const matched = grams ? sql`(${column} || '')` : sql`${column}`;
  const folded = foldText(value);
  const match = [...folded].every((character) => variantsOf(character) === character)
    ? sql`${matched} LIKE ${`%${folded.replace(/[\\%_]/g, (character) => `\\${character}`)}%`}`
    : sql`${matched} ~ ${containsPattern(value)}`;
  return grams ? sql`search_grams(${column}) @> ${`{${grams.map(arrayElement).join(',')}}`}::text[] AND ${match}` : match;
}

/** A text as an element of an array literal: quoted, its `"` and `\` escaped. */
function arrayElement(text: string): string {
  return `"${text.replace(/["\\]/g, (character) => `\\${character}`)}"`;
}
