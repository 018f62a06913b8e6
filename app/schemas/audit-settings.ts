import { z } from "zod";

/** How long the audit log keeps an entry by default: two years (decision 021). */
export const DEFAULT_AUDIT_RETENTION_DAYS = 730;

const message = "Enter a number of days from 30 to 3650.";

export const auditSettingsSchema = z.object({
  retentionDays: z.coerce.number({ message }).int({ message }).min(30, { message }).max(3650, { message }),
});
export type AuditSettings = z.output<typeof auditSettingsSchema>;

/** The activity log's filters, as the URL of /admin/activity carries them. */
export const activityFiltersSchema = z.object({
  person: z.string().uuid().optional().catch(undefined),
  entity: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional()
    .catch(undefined),
  shipment: z.string().uuid().optional().catch(undefined),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type ActivityFilters = z.output<typeof activityFiltersSchema>;
