import { z } from 'zod';

/** Public settings the web app reads at start: links of the apps-manager shell and footers. */
export const portalSettingsSchema = z.object({
  links: z.object({
    cv: z.string(),
    source_code: z.string(),
    professional_network: z.string(),
    all_apps: z.string(),
  }),
});
export type PortalSettings = z.infer<typeof portalSettingsSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
