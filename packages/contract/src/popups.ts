import { z } from 'zod';
import { requiredText, versionField } from './fields.js';
import { formatMessage } from './messages.js';

/** Longest popup content (Markdown text). */
export const POPUP_CONTENT_MAX = 20_000;
/** Most users one call may add to or remove from a popup, and most users a criteria search returns unpaged. */
export const POPUP_USERS_MAX = 5_000;

export const POPUP_NO_USER_MESSAGE = 'Choisissez au moins un utilisateur.';
export const POPUP_USER_ID_MESSAGE = 'La liste des utilisateurs ne contient que des identifiants.';
export const POPUP_TOO_MANY_USERS_MESSAGE = `Trop d'utilisateurs : ${POPUP_USERS_MAX} au plus par opération. Affinez les critères.`;

const popupFields = {
  /** Spec 3 §5: a title is required. */
  title: requiredText(255),
  /** Markdown (see docs/decisions.md): rendered by the web as React elements, never as HTML. */
  content: z
    .string({ error: formatMessage('validation.required') })
    .max(POPUP_CONTENT_MAX, formatMessage('validation.tooLong', { max: POPUP_CONTENT_MAX }))
    .nullish()
    .transform((value) => (value ?? '').replace(/\r\n?/g, '\n').trim()),
  active: z.boolean({ error: 'Le champ actif doit valoir true ou false.' }).default(true),
};

/** A popup notification (spec 3 §3): title, active flag, content. */
export const popupCreateSchema = z.object(popupFields);
export const popupUpdateSchema = z.object({ ...popupFields, version: versionField });

export type PopupInput = z.input<typeof popupCreateSchema>;

const userIdSchema = z
  .number({ error: POPUP_USER_ID_MESSAGE })
  .int(POPUP_USER_ID_MESSAGE)
  .positive(POPUP_USER_ID_MESSAGE)
  .max(2_147_483_647);

/**
 * The "list of users" of `POST /popup-notification/{id}/users/add|delete` (spec 3 §7): user ids, or user
 * records carrying their id; duplicates count once.
 */
export const popupUserListSchema = z
  .array(z.union([userIdSchema, z.object({ id: userIdSchema })], { error: POPUP_USER_ID_MESSAGE }), {
    error: POPUP_USER_ID_MESSAGE,
  })
  .min(1, POPUP_NO_USER_MESSAGE)
  .max(POPUP_USERS_MAX, POPUP_TOO_MANY_USERS_MESSAGE)
  .transform((items) => [...new Set(items.map((item) => (typeof item === 'number' ? item : item.id)))]);

/** Criteria of the user search that targets a popup: comma-separated ids of roles, agencies and projects. */
export const POPUP_CRITERIA = ['roles', 'agencies', 'projects'] as const;
export type PopupCriterion = (typeof POPUP_CRITERIA)[number];
export type PopupCriteria = Record<PopupCriterion, number[]>;

const CRITERION_LABELS: Record<PopupCriterion, string> = { roles: 'rôles', agencies: 'agences', projects: 'projets' };

function criterionIds(criterion: PopupCriterion) {
  const message = `Le critère ${CRITERION_LABELS[criterion]} attend des identifiants séparés par des virgules.`;
  return z
    .union([z.string(), z.array(z.string())], { error: message })
    .optional()
    .transform((value, context) => {
      const parts = (Array.isArray(value) ? value.join(',') : (value ?? ''))
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
      if (!parts.every((part) => /^\d{1,10}$/.test(part) && Number(part) > 0 && Number(part) <= 2_147_483_647)) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return [...new Set(parts.map(Number))];
    });
}

/** The criteria as query parameters (`roles=1,2&agencies=3&projects=`): empty ones restrict nothing. */
export const popupCriteriaSchema = z.object({
  roles: criterionIds('roles'),
  agencies: criterionIds('agencies'),
  projects: criterionIds('projects'),
});

/** The query parameters of a criteria search (empty criteria left out). */
export function popupCriteriaQuery(criteria: Partial<PopupCriteria>): Record<string, string> {
  return Object.fromEntries(
    POPUP_CRITERIA.filter((criterion) => (criteria[criterion] ?? []).length > 0).map((criterion) => [
      criterion,
      (criteria[criterion] ?? []).join(','),
    ]),
  );
}

export type PopupRecord = {
  id: number;
  version: number;
  title: string;
  content: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
};

/** A popup shown to the current user (`GET /popup-notification/me`). */
export type PopupAnnouncement = { id: number; title: string; content: string; readedAt: string | null };

/** A user targeted by a popup, or a candidate of the targeting search. */
export type PopupUser = { id: number; uid: string; name: string; mail: string | null; roleName: string };
