/**
 * The admin app's one door to TanStack Query: sections import the hooks from here. (In the browser build the admin
 * app has its own copy of the library, see src/integrations/admin-isolation.ts, so the public pages' chunks stay as
 * they are.)
 */
export { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
