import { z } from 'zod';
import { ENTITY_CODES } from './entities.js';
import { optionalLink, optionalText, requiredText } from './fields.js';
import { formatMessage } from './messages.js';
import { newPasswordSchema } from './password-policy.js';
import { ROLE_OPTIONS } from './role-options.js';

/** An amount typed by a user: decimal text with at most two decimals, never a binary float. */
export const amountSchema = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim().replace(',', '.').replace(/\s/g, ''))
  .refine((value) => /^\d{1,12}(\.\d{1,2})?$/.test(value), 'Montant invalide (nombre positif, deux décimales au plus).');

const entityList = z.array(z.enum(ENTITY_CODES, { error: 'Entité inconnue.' })).default([]);
const idList = z.array(z.coerce.number().int().positive()).default([]);

const roleFields = {
  name: requiredText(),
  description: requiredText(1000),
  visibility: z.coerce.number().int().min(1, 'Visibilité de 1 à 4.').max(4, 'Visibilité de 1 à 4.'),
  parentRoleId: z.coerce
    .number()
    .int()
    .positive()
    .nullish()
    .transform((value) => value ?? null),
  menus: idList,
  create: entityList,
  read: entityList,
  update: entityList,
  delete: entityList,
  options: z.array(z.enum(ROLE_OPTIONS, { error: 'Option inconnue.' })).default([]),
  /** FTTH profile (fibre to the home); absent: false on creation, left as it is on update. */
  ftth: z.boolean({ error: 'Le profil FTTH est vrai ou faux.' }).optional(),
  /** Workflow nodes the role sees and transitions it may fire (Workflow tab); absent: left as they are. */
  nodes: z.array(z.coerce.number().int().positive()).optional(),
  transitions: z.array(z.coerce.number().int().positive()).optional(),
};

/** Two roles cannot share a name (case and spacing aside): the pickers could not tell them apart. */
export const ROLE_NAME_TAKEN_MESSAGE = 'Un rôle porte déjà ce nom.';

/** Role creation (spec 3 §5): name and description required, visibility 1 to 4. */
export const roleCreateSchema = z.object(roleFields);
export const roleUpdateSchema = z.object({ ...roleFields, version: z.coerce.number().int().min(1) });

export type RoleRecord = {
  id: number;
  version: number;
  name: string;
  description: string;
  visibility: number;
  parentRoleId: number | null;
  menus: number[];
  create: string[];
  read: string[];
  update: string[];
  delete: string[];
  options: string[];
  ftth: boolean;
  nodes: number[];
  transitions: number[];
};

/** What the user creation and the user detail both ask: phone, role (required), manager, engagement amount, service and quality. */
const userProfileFields = {
  phone: optionalText(30),
  role: z.coerce
    .number({ error: formatMessage('validation.selectItem') })
    .int()
    .positive(formatMessage('validation.selectItem')),
  manager: z.coerce
    .number()
    .int()
    .positive()
    .nullish()
    .transform((value) => value ?? null),
  engagement: amountSchema,
  service: optionalText(),
  quality: optionalText(),
};

/** User creation (spec 3 §5): directory common name, role and authorization amount required. */
export const userCreateSchema = z.object({
  cn: requiredText(100).refine((value) => /^[\w.@-]+$/.test(value), 'Le nom commun ne contient que lettres, chiffres, . _ - @.'),
  name: optionalText(),
  mail: optionalText().refine((value) => value === null || z.email().safeParse(value).success, formatMessage('validation.email')),
  ...userProfileFields,
  /** Initial password for logins without the directory (the directory bind is used when configured). */
  password: newPasswordSchema.optional(),
});

/** User detail (spec 3 §5): name, mail (email type), role and engagement required. */
export const userUpdateSchema = z.object({
  name: requiredText(),
  mail: requiredText().refine((value) => z.email().safeParse(value).success, formatMessage('validation.email')),
  ...userProfileFields,
  userManualUrl: optionalLink(1000),
  version: z.coerce.number().int().min(1),
});

export const PERIMETER_CHANGED_MESSAGE = 'Le périmètre a bien été changé.';
export const USER_NOT_EDITABLE_MESSAGE =
  'Vous ne pouvez pas modifier un utilisateur dont le rôle est au-dessus du vôtre dans la hiérarchie des rôles.';

/** Why a profile cannot log in, shown on the user detail outside edit mode (spec 3 §2). */
export type LoginWarning = 'no-project' | 'no-manager' | 'no-project-or-agency';
