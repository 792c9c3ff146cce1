import { formatMessage, TASK_FAILED_MESSAGE } from '@isf/contract';
import { HttpError } from '../errors.js';

/**
 * How a task ended, kept in its row so that `runAndWait` can answer from any process: the value, a
 * refusal that retrying cannot change (an HTTP 4xx of the handler, a data or constraint error of the
 * database), or a failure after the last attempt.
 */
export type TaskOutcome =
  | { kind: 'result'; value: unknown }
  | { kind: 'refused'; statusCode: number; body: HttpError['body'] }
  | { kind: 'database'; code: string; constraint?: string; message: string }
  | { kind: 'failed'; message: string };

type DatabaseError = { code: string; constraint?: string; message: string };

/**
 * The French text a person reads for a database error: never the database's own message, which names
 * tables and constraints, nor the query and its values that the driver puts in its error (issue 15).
 */
export function databaseErrorMessage(code: string): string {
  if (code === '23505') {
    return formatMessage('error.duplicate');
  }
  if (code === '23503') {
    return formatMessage('error.inUse');
  }
  if (code.startsWith('22') || code.startsWith('23') || code.startsWith('54')) {
    return formatMessage('error.badInput');
  }
  return `Erreur de la base de données (code ${code}) ; le détail est dans le journal du serveur.`;
}

/** A PostgreSQL SQLSTATE (classes 00-58, F0, HV, P0, XX), not a Node system code such as EPIPE. */
const SQLSTATE = /^([0-5][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/;

function databaseErrorOf(error: unknown): DatabaseError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as Partial<DatabaseError> & { cause?: unknown };
    if (typeof candidate.code === 'string' && SQLSTATE.test(candidate.code)) {
      return { code: candidate.code, constraint: candidate.constraint, message: databaseErrorMessage(candidate.code) };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** A query the driver failed to run carries its text and values (drizzle's `DrizzleQueryError`). */
function isFailedQuery(error: unknown): boolean {
  return error instanceof Error && ('query' in error || error.message.startsWith('Failed query:'));
}

/** A refusal is final: the same input would be refused again, so the job is not retried. */
export function refusalOf(error: unknown): TaskOutcome | undefined {
  if (error instanceof HttpError && error.statusCode < 500) {
    return { kind: 'refused', statusCode: error.statusCode, body: error.body };
  }
  const database = databaseErrorOf(error);
  // class 22: data exception, class 23: integrity constraint violation
  if (database && (database.code.startsWith('22') || database.code.startsWith('23'))) {
    return { kind: 'database', ...database };
  }
  return undefined;
}

/** The text kept in a task and shown to a person for an error: a database error's in French, without SQL. */
export function messageOf(error: unknown): string {
  const database = databaseErrorOf(error);
  if (database) {
    return database.message;
  }
  if (isFailedQuery(error)) {
    return 'Erreur de la base de données ; le détail est dans le journal du serveur.';
  }
  return error instanceof Error ? error.message : String(error);
}

/** The text of an event describing an outcome that is not a result. */
export function describeOutcome(outcome: TaskOutcome): string {
  switch (outcome.kind) {
    case 'result':
      return '';
    case 'refused':
      return outcome.body.detail ?? outcome.body.error;
    case 'database':
    case 'failed':
      return outcome.message;
  }
}

/**
 * The error a route throws for an outcome that is not a result: the same HTTP answer as if the work
 * had run in the request (a database error is rethrown with its code for the global error handler).
 */
export function errorOfOutcome(outcome: Exclude<TaskOutcome, { kind: 'result' }>, taskId: number): Error {
  switch (outcome.kind) {
    case 'refused':
      return new HttpError(outcome.statusCode, outcome.body);
    case 'database':
      return Object.assign(new Error(outcome.message), { code: outcome.code, constraint: outcome.constraint });
    case 'failed':
      return new HttpError(500, {
        error: TASK_FAILED_MESSAGE,
        detail: `La tâche n° ${taskId} a échoué : ${outcome.message}`,
        taskId,
      });
  }
}
