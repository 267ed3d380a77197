/**
 * The admin app's one door to TanStack Query. The admin island imports it statically, so the library's modules are
 * needed by the same entry points as on public pages and the bundler keeps their chunks as they were: the public
 * pages' JavaScript does not change because the admin app exists. Sections import the hooks from here.
 */
export { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
