import { z } from 'zod';

/** Contract §2 "Profile": `id` is the social profile id, not the account id. */
export const profileSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  email: z.string(),
  slug: z.string(),
  avatar_url: z.string().nullable(),
  friends_count: z.number().int(),
  posts_count: z.number().int(),
  full_name: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;
