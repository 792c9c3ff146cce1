import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-messages.js';

function message(schema: z.ZodType, value: unknown): string | undefined {
  return schema.safeParse(value).error?.issues[0]?.message;
}

describe('French zod messages', () => {
  it('says a missing field is required and names the type a wrong value should have', () => {
    expect(message(z.object({ name: z.string() }), {})).toBe('Ce champ est obligatoire.');
    expect(message(z.number(), 'douze')).toBe('Ce champ doit être un nombre.');
    expect(message(z.coerce.number(), 'douze')).toBe('Ce champ doit être un nombre.');
    expect(message(z.boolean(), 'oui')).toBe('Ce champ doit valoir oui ou non.');
    expect(message(z.array(z.number()), 'a')).toBe('Ce champ doit être une liste.');
    expect(message(z.string(), 12)).toBe('Ce champ doit être un texte.');
  });

  it('gives the limits of text, numbers and lists in words', () => {
    expect(message(z.string().max(5), 'abcdefgh')).toBe('Ce champ doit contenir au plus 5 caractères.');
    expect(message(z.string().min(1), '')).toBe('Ce champ est obligatoire.');
    expect(message(z.string().min(3), 'ab')).toBe('Ce champ doit contenir au moins 3 caractères.');
    expect(message(z.number().max(4), 5)).toBe('La valeur doit être au plus 4.');
    expect(message(z.number().min(1), 0)).toBe('La valeur doit être au moins 1.');
    expect(message(z.array(z.number()).min(1), [])).toBe('Choisissez au moins un élément.');
  });

  it('explains dates, e-mails, choices and unexpected fields; a message of the schema still wins', () => {
    expect(message(z.iso.date(), '2026-02-30')).toBe('Date invalide (format AAAA-MM-JJ).');
    expect(message(z.email(), 'personne')).toBe("L'adresse e-mail n'est pas valide.");
    expect(message(z.enum(['a', 'b']), 'c')).toBe('Valeur inconnue : choisissez une des valeurs proposées.');
    expect(message(z.strictObject({ a: z.number() }), { a: 1, b: 2 })).toBe('Champ(s) inattendu(s) : b.');
    expect(message(z.string().max(2, 'Code trop long.'), 'abc')).toBe('Code trop long.');
    expect(message(z.string(), 12)).not.toMatch(/Invalid|expected|received/);
  });
});
