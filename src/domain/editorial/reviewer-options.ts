/**
 * The authors the product form offers as reviewers, as GET /api/admin/authors answers them (admin only):
 * `{ authors: [{ id, slug, name, role, photoUrl }] }`. Read here only to fill the reviewer select; extra fields are
 * ignored so the list keeps working when authors gain fields.
 */
import { z } from 'zod';

export const reviewerOptionsSchema = z.object({
  authors: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string(), role: z.string().optional().default('') })),
});
export type ReviewerOption = z.output<typeof reviewerOptionsSchema>['authors'][number];
