import { z } from "zod";
import { STAFF_ROLES } from "#app/lib/roles.ts";
import { emailField } from "#app/schemas/login.ts";
import { newPasswordSchema } from "#app/schemas/password.ts";

export const adminNameField = z
  .string()
  .trim()
  .max(100, { error: "The name must be at most 100 characters." })
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), {
    error: "The name contains characters that are not allowed.",
  })
  .optional();

/** A new staff account: it signs in with the temporary password and must then choose its own. */
/**
 * The staff-account forms' intents (Settings → Staff Accounts and the Staff page, one action:
 * app/server/staff/staff-accounts-page.server.ts). 'add-user' gives a temporary password; 'invite-staff' e-mails a
 * set-password link.
 */
export const STAFF_INTENTS = {
  addWithPassword: "add-user",
  invite: "invite-staff",
  changeRole: "change-role",
  disable: "disable-staff",
  enable: "enable-staff",
  remove: "remove-staff",
  /** Settings' older name for 'remove-staff'. */
  removeUser: "remove-user",
} as const;

const roleField = z.enum(STAFF_ROLES, { error: "Choose a role." });

export const createAdminUserSchema = z.object({
  email: emailField,
  name: adminNameField,
  password: newPasswordSchema,
  role: roleField,
});

export const removeAdminUserSchema = z.object({
  userId: z.uuid({ error: "Unknown account." }),
});

/** A person added on the Staff page: they choose their password through an e-mailed link (decision 019). */
export const inviteStaffSchema = z.object({
  name: z
    .string({ error: "Enter the person's name." })
    .trim()
    .min(1, { error: "Enter the person's name." })
    .max(100, { error: "The name must be at most 100 characters." })
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), {
      error: "The name contains characters that are not allowed.",
    }),
  email: emailField,
  role: roleField,
});

export const changeStaffRoleSchema = z.object({
  userId: z.uuid({ error: "Unknown account." }),
  role: roleField,
});

export const staffAccountSchema = z.object({
  userId: z.uuid({ error: "Unknown account." }),
});
