import { describe, expect, it } from 'vitest';
import { badRequest, HttpError, notFound } from '../errors.js';
import { describeOutcome, errorOfOutcome, refusalOf } from './job-outcome.js';

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
      message: 'erreur 23505',
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
