import { describe, expect, it } from 'vitest';
import { badRequest, HttpError, notFound } from '../errors.js';
import { describeOutcome, errorOfOutcome, messageOf, refusalOf } from './job-outcome.js';

function databaseError(code: string): Error {
  return Object.assign(new Error(`erreur ${code}`), { code, constraint: 'une_contrainte' });
}

describe('refusalOf', () => {
  it('keeps an HTTP 4xx of the handler as a final refusal, with its status and body', () => {
    expect(refusalOf(badRequest('Ligne 2 : code inconnu.'))).toEqual({
      kind: 'refused',
      statusCode: 400,
      body: badRequest('Ligne 2 : code inconnu.').body,
    });
    expect(refusalOf(notFound())).toMatchObject({ kind: 'refused', statusCode: 404 });
  });

  it('treats data and constraint errors of the database as final, even wrapped in a cause', () => {
    expect(refusalOf(databaseError('23505'))).toEqual({
      kind: 'database',
      code: '23505',
      constraint: 'une_contrainte',
      message: 'Un élément avec cette valeur existe déjà.',
    });
    expect(refusalOf(new Error('requête', { cause: databaseError('22P02') }))).toMatchObject({ code: '22P02' });
  });

  it('leaves what a retry may cure to the retries: server errors, serialisation failures, network errors', () => {
    expect(refusalOf(new HttpError(502, { error: 'ERP indisponible' }))).toBeUndefined();
    expect(refusalOf(databaseError('40001'))).toBeUndefined();
    expect(refusalOf(new Error('ECONNRESET'))).toBeUndefined();
  });
});

describe('errorOfOutcome', () => {
  it('rebuilds the refusal the route would have thrown', () => {
    const error = errorOfOutcome({ kind: 'refused', statusCode: 422, body: { error: 'Verrouillé', detail: 'Verrouillé' } }, 3);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(422);
    expect((error as HttpError).body).toEqual({ error: 'Verrouillé', detail: 'Verrouillé' });
  });

  it('rethrows a database refusal with its code, for the global error handler to map', () => {
    const error = errorOfOutcome({ kind: 'database', code: '23505', message: 'doublon' }, 3);
    expect(error).not.toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: '23505', message: 'doublon' });
  });

  it('answers a failure after the last attempt with a 500 naming the task', () => {
    const error = errorOfOutcome({ kind: 'failed', message: 'ERP indisponible' }, 12) as HttpError;
    expect(error.statusCode).toBe(500);
    expect(error.body).toMatchObject({ detail: 'La tâche n° 12 a échoué : ERP indisponible', taskId: 12 });
    expect(describeOutcome({ kind: 'failed', message: 'ERP indisponible' })).toBe('ERP indisponible');
  });
});

describe('messageOf', () => {
  it('never keeps the query, its values or the database message of a failed query', () => {
    const query = Object.assign(new Error('Failed query: insert into "prestations" ("code") values ($1)\nparams: K-1'), {
      query: 'insert into "prestations" ("code") values ($1)',
      cause: databaseError('54000'),
    });
    expect(messageOf(query)).toBe('Données invalides.');
    const unknown = Object.assign(new Error('Failed query: select "nope" from "tasks"'), { cause: databaseError('42703') });
    expect(messageOf(unknown)).toBe('Erreur de la base de données (code 42703) ; le détail est dans le journal du serveur.');
    expect(messageOf(new Error('Failed query: select 1\nparams: '))).not.toContain('select');
  });

  it('keeps the message of other errors, a Node system code included', () => {
    expect(messageOf(new Error('ERP indisponible'))).toBe('ERP indisponible');
    expect(messageOf(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe('write EPIPE');
  });
});
