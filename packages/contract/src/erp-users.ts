/**
 * Renaming a user from Oracle (`POST /oracle/user/{id}/rename`, spec 3 User detail): ISF takes the name
 * of the Oracle person who has the user's mail, so orders and receipts carry the name Oracle knows.
 */
export type ErpUserRenameReply = {
  success: true;
  /** The name now shown in ISF (Oracle's display name). */
  name: string;
  /** Whether a name changed (false when ISF already had Oracle's name). */
  changed: boolean;
  /** The ids of the profiles of the person whose name changed. */
  renamedIds: number[];
  /** Oracle's person number of the user. */
  personNumber: string | null;
};

export const ERP_USER_NO_MAIL_MESSAGE = "Cet utilisateur n'a pas d'adresse mail : il ne peut pas être retrouvé dans Oracle.";
export const ERP_USER_RENAME_FAILED_MESSAGE = "Erreur lors de la lecture de l'utilisateur dans Oracle.";

export function erpUserNotFoundMessage(mail: string): string {
  return `Aucune personne n'a l'adresse ${mail} dans Oracle : le nom n'a pas été changé.`;
}

export function erpUserAmbiguousMessage(mail: string): string {
  return `Plusieurs personnes ont l'adresse ${mail} dans Oracle : le nom n'a pas été changé.`;
}
