import { z } from 'zod';

/**
 * Password policy after current guidance (ANSSI, NIST SP 800-63B): length rather than composition rules,
 * no password of the most common lists, not the login itself. Server (user creation, password change)
 * and web (the password change screen) check the same rule.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** The most used passwords (lower case) of the public leak lists, French ones included. */
const COMMON_PASSWORDS = new Set([
  '123456',
  '123456789',
  '12345678',
  '1234567890',
  '12345',
  '1234567',
  '123123',
  '111111',
  '000000',
  '654321',
  '123321',
  '666666',
  '121212',
  '112233',
  '987654321',
  '1q2w3e4r',
  '1q2w3e4r5t',
  '1qaz2wsx',
  'qwerty',
  'qwerty123',
  'qwertyuiop',
  'azerty',
  'azerty123',
  'azertyuiop',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'motdepasse',
  'motdepasse1',
  'motdepasse123',
  'admin',
  'admin123',
  'administrateur',
  'administrator',
  'root',
  'toor',
  'letmein',
  'welcome',
  'welcome1',
  'bienvenue',
  'bienvenue1',
  'soleil',
  'doudou',
  'chouchou',
  'loulou',
  'marseille',
  'paris',
  'nicolas',
  'camille',
  'julien',
  'coucou',
  'jetaime',
  'iloveyou',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'master',
  'shadow',
  'superman',
  'batman',
  'trustno1',
  'abc123',
  'abcd1234',
  'abcdef',
  'secret',
  'changeme',
  'default',
  'test',
  'test123',
  'testtest',
  'demo',
  'guest',
  'user',
  'utilisateur',
  'isf',
  'lecteur',
  'valideur',
  'comptable',
  'sst',
  'cdp',
  'aaaaaa',
  'zxcvbnm',
  'asdfghjkl',
  'qazwsx',
  'michael',
  'jordan',
  'hello',
  'bonjour',
  'freedom',
  'whatever',
  'starwars',
  'pokemon',
  'samsung',
  'google',
  'orange',
  'free',
  'wanadoo',
  'printemps',
  'ete',
  'automne',
  'hiver',
  'janvier',
  'fevrier',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'aout',
  'septembre',
  'octobre',
  'novembre',
  'decembre',
]);

/**
 * A common password with decoration: lower-cased, accents removed, then digits and punctuation at the
 * ends stripped ("Motdepasse2024!" → "motdepasse").
 */
function core(password: string): string {
  return password
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^[\d\W_]+|[\d\W_]+$/g, '');
}

/** Why a new password is refused (French, shown under the field), or null when it is acceptable. */
export function passwordRefusal(password: string, login?: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    return `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`;
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return `Le mot de passe doit contenir au plus ${PASSWORD_MAX_LENGTH} caractères.`;
  }
  const lower = password.toLowerCase();
  const stripped = core(password);
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(stripped) || stripped.length === 0) {
    return 'Ce mot de passe fait partie des plus courants : choisissez-en un autre.';
  }
  if (new Set(lower).size <= 2) {
    return 'Ce mot de passe est trop répétitif : choisissez-en un autre.';
  }
  if (login && (lower.includes(login.toLowerCase()) || stripped === core(login))) {
    return "Le mot de passe ne doit pas contenir l'identifiant.";
  }
  return null;
}

/** A new password field: the policy as a zod refinement (the message is the refusal). */
export const newPasswordSchema = z.string().superRefine((password, context) => {
  const refusal = passwordRefusal(password);
  if (refusal) {
    context.addIssue({ code: 'custom', message: refusal });
  }
});

/** POST /user/password: the current password, then the new one. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Mot de passe actuel obligatoire.' }).min(1, 'Mot de passe actuel obligatoire.').max(200),
  newPassword: newPasswordSchema,
});
export type ChangePasswordPayload = z.infer<typeof changePasswordSchema>;
