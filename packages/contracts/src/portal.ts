import { z } from 'zod';

/** Public settings the web app reads at start: links of the apps-manager shell and footers, and the shop's currency. */
export const portalSettingsSchema = z.object({
  links: z.object({
    cv: z.string(),
    source_code: z.string(),
    professional_network: z.string(),
    all_apps: z.string(),
  }),
  /**
   * Issue 27: how a suspended person reaches the portal's staff (SUSPENSION_CONTACT): an email
   * address, a web address, or empty when not set.
   */
  suspension_contact: z.string(),
  /** The shop's currency, ISO 4217 (STORE_CURRENCY; issue 25). */
  currency: z.string(),
});
export type PortalSettings = z.infer<typeof portalSettingsSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/** `GET /readyz`: whether this instance should get traffic (an operations addition). */
export const readinessSchema = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  redis: z.enum(['ok', 'not used']),
  media: z.literal('ok'),
});
export const notReadySchema = z.object({ status: z.enum(['draining', 'error']), detail: z.string() });

/** `GET /api/search/?q=`: one query across the portal's apps (an addition to the contract). */
export const portalSearchQuerySchema = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? 'This field is required.' : 'Not a valid string.') })
    .trim()
    .min(1, { error: 'This field may not be blank.' })
    .max(200, { error: 'Ensure this field has no more than 200 characters.' }),
});

/** The most results of each kind one portal search answers. */
export const PORTAL_SEARCH_LIMIT = 5;

export const portalSearchAppSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  photo: z.string().nullable(),
  /** Where the app opens in the portal (a path or an absolute URL). */
  url: z.string(),
});

export const portalSearchProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.string(),
  image: z.string().nullable(),
  category: z.string(),
  url: z.string(),
});

/** A person found: no email, ever. */
export const portalSearchPersonSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  full_name: z.string(),
  username: z.string(),
  avatar_url: z.string().nullable(),
  url: z.string(),
});

export const portalSearchPostSchema = z.object({
  id: z.string(),
  /** The start of the post's text. */
  excerpt: z.string(),
  author: z.string(),
  is_private: z.boolean(),
  created_at: z.string(),
  url: z.string(),
});

export const portalSearchResultsSchema = z.object({
  apps: z.array(portalSearchAppSchema),
  products: z.array(portalSearchProductSchema),
  people: z.array(portalSearchPersonSchema),
  posts: z.array(portalSearchPostSchema),
});
export type PortalSearchResults = z.infer<typeof portalSearchResultsSchema>;
export type PortalSearchApp = z.infer<typeof portalSearchAppSchema>;
export type PortalSearchProduct = z.infer<typeof portalSearchProductSchema>;
export type PortalSearchPerson = z.infer<typeof portalSearchPersonSchema>;
export type PortalSearchPost = z.infer<typeof portalSearchPostSchema>;
