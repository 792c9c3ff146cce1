import { z } from 'zod';
import type { EntityRights } from './entities.js';
import type { Visibility } from './role-options.js';

export const loginSchema = z.object({
  username: z.string({ error: 'Identifiant obligatoire.' }).trim().min(1, 'Identifiant obligatoire.').max(100),
  password: z.string({ error: 'Mot de passe obligatoire.' }).min(1, 'Mot de passe obligatoire.').max(200),
});
export type LoginPayload = z.infer<typeof loginSchema>;

export const changeProfileSchema = z.object({ username: z.string().trim().min(1).max(100) });

export type MenuEntry = { id: number; title: string; path: string | null; parent: number | null };

export type ProfileSummary = { id: number; uid: string; roleName: string; active: boolean };

/** The reply of GET /user/profile: the active profile with its role and the profiles it may switch to. */
export type UserProfile = {
  id: number;
  uid: string;
  name: string;
  mail: string | null;
  phone: string | null;
  engagement: string;
  userManualUrl: string | null;
  role: {
    id: number;
    name: string;
    visibility: Visibility;
    menus: MenuEntry[];
    rights: EntityRights;
    options: string[];
  };
  /** Active profiles of the same person other than this one. */
  profiles: ProfileSummary[];
  canDelegate: boolean;
  /** The active profile is a fibre-to-the-home one (its role's flag): FTTH columns and fields show. */
  ftth: boolean;
};
