/**
 * The signed-in person as the site sees it (spec section 3, user_profiles).
 * No zod here: this module reaches every page's header script, where a schema
 * library would cost more than the whole check.
 */
export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];

export interface AppUser {
  id: string;
  email: string;
  displayName: string;
  role: Role;
}

/** True for a well-formed AppUser, e.g. one read back from localStorage. */
export function isAppUser(value: unknown): value is AppUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.id === 'string' &&
    typeof user.email === 'string' &&
    typeof user.displayName === 'string' &&
    roles.includes(user.role as Role)
  );
}

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
