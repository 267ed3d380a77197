/** The signed-in person as the site sees it (spec section 3, user_profiles). */
import { z } from 'zod';

export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const appUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
});
export type AppUser = z.infer<typeof appUserSchema>;

/** The profile's display name, else the part of the e-mail before the @, else 'User'. */
export function displayNameFor(profile: { displayName?: string | null; email?: string | null }): string {
  const chosen = profile.displayName?.trim();
  if (chosen) return chosen;
  const local = profile.email?.split('@')[0]?.trim();
  return local || 'User';
}

/** A missing or unknown role counts as a plain user. */
export function roleOf(role: string | null | undefined): Role {
  return role === 'admin' ? 'admin' : 'user';
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
