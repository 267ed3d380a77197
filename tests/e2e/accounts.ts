/** Accounts the e2e setup creates; tests that need a fresh person sign up their own. */
export const e2eAccounts = {
  admin: { email: 'admin@example.com', password: 'e2e admin password' },
  user: { email: 'reader@example.com', password: 'e2e reader password', displayName: 'Reader' },
} as const;
