import { z } from 'zod';
import { functionNames } from './permissions.ts';
import { normalizePhone } from './rules/phone-number.ts';

export const loginBodySchema = z.object({
  username: z.string().trim().min(1).max(150),
  password: z.string().min(1).max(1000),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const functionSchema = z.object({ id: z.number().int(), name: z.enum(functionNames) });
export type UserFunction = z.infer<typeof functionSchema>;

/** The logged-in user as GET /auth/user answers it (domain.md §1.3, §2.3). */
export const profileSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    avatar: z.boolean(),
    is_active: z.boolean(),
    maximum_order_count: z.number().int().nullable(),
    must_change_password: z.boolean(),
    functions: z.array(functionSchema),
    permissions: z.array(z.string()),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

export const userAnswerSchema = z.object({ user: profileSchema });

const optionalText = (max: number) => z.string().trim().max(max);

/**
 * A staff member's phone (profile and user pages), optional: stored in E.164 (decision 0040), a national
 * number read as Czech; what cannot be a phone number is a 400 on `phone`.
 */
export const staffPhoneSchema = optionalText(30)
  .refine((s) => s === '' || normalizePhone(s, '+420') !== null, 'a phone number')
  .transform((s) => (s === '' ? '' : (normalizePhone(s, '+420') ?? s)));

/** PUT /auth/user: the current password is always required (codes 101, 102). */
export const profileUpdateSchema = z.object({
  first_name: optionalText(150).min(1),
  last_name: optionalText(150).min(1),
  email: z.union([z.literal(''), z.email().max(254)]),
  phone: staffPhoneSchema,
  old_password: z.string().max(1000).optional(),
  new_password: z.string().min(4).max(1000).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const avatarMaxBytes = 2 * 1024 * 1024;
export const avatarMimeTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const publicConfigSchema = z.object({
  old_system_url: z.string(),
  languages: z.array(z.enum(['cs', 'en'])),
  map_tiles_url: z.string(),
  /** A maps service answers address suggestions; without one, coordinates are typed by hand. */
  address_suggestions: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const functionsAnswerSchema = z.object({ items: z.array(functionSchema) });
