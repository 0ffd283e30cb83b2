import { z } from 'zod';

/** Contract §2 "Project", plus `description` and `slug`, which the landing page shows and links. */
export const projectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  photo: z.string().nullable(),
  github_url: z.string(),
  view_url: z.string(),
  url: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = z.array(projectSchema);

export const searchRequestSchema = z.object({
  query: z
    .string({ error: 'query must be a string.' })
    .max(200, { error: 'Ensure this field has no more than 200 characters.' })
    .nullish()
    .transform((value) => (value ?? '').trim()),
});

/** Contract §11.2: an empty query answers an object, not a list. */
export const emptyProjectSearchSchema = z.object({ projects: z.array(projectSchema).length(0) });
