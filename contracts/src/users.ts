import { z } from 'zod';
import { functionSchema, staffPhoneSchema } from './auth.ts';
import { pagedAnswer, pagingQuerySchema } from './common.ts';
import { functionNames, permissions } from './permissions.ts';

/** A user as the user list and the user page show it (domain.md §2.3). */
export const userItemSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    /** The avatar flag of domain.md §2.3: the user has uploaded one (the image itself is theirs only). */
    avatar: z.boolean(),
    is_active: z.boolean(),
    functions: z.array(functionSchema),
    maximum_order_count: z.number().int().nullable(),
    /**
     * Sign-in refused until this time after repeated wrong passwords (decision 0002), from some
     * address or, for new places, from everywhere; null when not locked. An owner can unlock it.
     */
    sign_in_locked_until: z.string().nullable(),
    /** Optimistic concurrency: an edit sends back the version it was based on. */
    version: z.number().int(),
  })
  .meta({ id: 'User' });
export type UserItem = z.infer<typeof userItemSchema>;

/** The users list (domain.md §2.2); `name` (decision 0034) finds name, username or e-mail without accents or case. */
export const userListQuerySchema = pagingQuerySchema.extend({
  name: z.string().trim().max(150).optional(),
});
export const userListAnswerSchema = pagedAnswer(userItemSchema);
export type UserList = z.infer<typeof userListAnswerSchema>;
export const userItemAnswerSchema = z.object({ item: userItemSchema });

/** The technician's (technical_specialist's) daily limit; other functions have none. */
export const maximumOrderCountLimit = 10_000;

const text = (max: number) => z.string().trim().max(max);

/** Fields the owner sets on the user page, the same for adding and editing. */
const userFieldsSchema = z.object({
  first_name: text(150).min(1),
  last_name: text(150).min(1),
  email: z.union([z.literal(''), z.email().max(254)]),
  phone: staffPhoneSchema,
  /** Function names (not ids): stable across databases and readable in the API docs. */
  functions: z.array(z.enum(functionNames)).min(1).max(functionNames.length),
  /** Kept only when the functions include technical_specialist; otherwise stored as null. */
  maximum_order_count: z.number().int().min(0).max(maximumOrderCountLimit).nullable().optional(),
});

/** PUT /user/{id}/edit */
export const userEditSchema = userFieldsSchema.extend({ version: z.number().int().min(1).max(2147483647) });
export type UserEdit = z.infer<typeof userEditSchema>;

/** Letters, digits and @ . + - _ (the usual username alphabet); compared case-insensitively. */
export const usernameSchema = text(150)
  .min(1)
  .regex(/^[\p{L}\p{N}@.+_-]+$/u, { message: 'letters, digits and @ . + - _ only' });

export const initialPasswordMinLength = 8;

/** POST /user/add: the user must change the initial password at the first sign-in. */
export const userAddSchema = userFieldsSchema.extend({
  username: usernameSchema,
  password: z.string().min(initialPasswordMinLength).max(1000),
});
export type UserAdd = z.infer<typeof userAddSchema>;

/** GET /permissions: the matrix of functions × permissions (domain.md §3.3), owner only. */
export const permissionMatrixSchema = z
  .object({
    functions: z.array(
      z.object({ id: z.number().int(), name: z.enum(functionNames), permissions: z.array(z.string()) }),
    ),
    permissions: z.array(z.string()),
  })
  .meta({ id: 'PermissionMatrix' });
export type PermissionMatrix = z.infer<typeof permissionMatrixSchema>;

/** PUT /permissions: the whole permission list of one function, named by id or by name. */
export const permissionUpdateSchema = z
  .object({
    function_id: z.number().int().positive().max(2147483647).optional(),
    name: z.enum(functionNames).optional(),
    permissions: z.array(z.enum(permissions as readonly [string, ...string[]])).max(permissions.length),
  })
  .refine((body) => body.function_id !== undefined || body.name !== undefined, {
    message: 'function_id or name is required',
    path: ['function_id'],
  });
export type PermissionUpdate = z.infer<typeof permissionUpdateSchema>;

/** A password the owner gives, or the user chooses through a link: the user form's rule. */
const newPasswordSchema = z.string().min(initialPasswordMinLength).max(1000);

/**
 * PUT /user/{id}/password (owner only, docs/decisions/0089-moving-in-orders-files-and-the-rest.md):
 * the user signs in with it once and must change it then, as after POST /user/add.
 */
export const userPasswordSchema = z.object({ password: newPasswordSchema });
export type UserPassword = z.infer<typeof userPasswordSchema>;

/** How long a set-password link works. */
export const passwordLinkHours = 72;

/** POST /user/{id}/password_link: where the link went and until when it works. */
export const passwordLinkAnswerSchema = z.object({ sent_to: z.string(), expires_at: z.string() });
export type PasswordLinkAnswer = z.infer<typeof passwordLinkAnswerSchema>;

/** The secret of a set-password link: 32 random bytes, base64url. */
export const passwordLinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a set-password link');

/** POST /auth/set_password (no session): the link's secret and the password the user chose. */
export const setPasswordSchema = z.object({ token: passwordLinkTokenSchema, password: newPasswordSchema });
export type SetPassword = z.infer<typeof setPasswordSchema>;
export const setPasswordAnswerSchema = z.object({ username: z.string() });
