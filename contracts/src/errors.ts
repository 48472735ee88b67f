import { z } from 'zod';

/**
 * Error codes answered by the API (domain.md §2.8), extended for cases domain.md does not name.
 * The server never sends translated text; the web app looks each code up in its catalogue.
 */
export const ErrorCode = {
  invalidCredentials: 100,
  wrongPassword: 101,
  missingPassword: 102,
  tooManyAttempts: 103,
  passwordChangeRequired: 104,
  /** Too many sign-ins are being checked at this moment (decision 0002): try again shortly (503). */
  signInBusy: 105,
  accessDenied: 110,
  csrfFailed: 111,
  notLoggedIn: 112,
  /** The request names a host this server does not serve (Host check against DNS rebinding): 421. */
  unknownHost: 113,
  invalidInput: 120,
  payloadTooLarge: 121,
  unsupportedFileType: 122,
  /** A wall-clock time that never happens in Prague (the spring DST gap, 02:00–02:59): 400. */
  nonexistentTime: 123,
  /**
   * Decision 0038: the VAT rate is not valid on the price's from_date in its currency's country (CZK:
   * Czechia, EUR: Austria), e.g. 15 % in CZK from 2024 on: 400 with the field `vat`.
   */
  vatRateNotValidOnDate: 127,
  notFound: 130,
  conflict: 140,
  /** An order's delivery clashes with others, a vacation or a closure: save again with confirm_overlap. */
  overlapNeedsConfirmation: 141,
  /**
   * The order is a draft (decision 0030): its intern step was never saved, so it cannot be done, paid,
   * prepared or cancelled (discard it instead); or a discard names an order that is no draft: 409.
   */
  orderIsDraft: 142,
  orderIsNotDraft: 143,
  /**
   * Decision 0064: the items would take available stock (on hand − reserved by other orders) of some
   * products below zero in the order's warehouse: 409 with the products in `short`; send again with
   * `confirm_short_stock: true` and a `short_stock_reason` to save anyway (audited).
   */
  stockShortNeedsConfirmation: 144,
  /**
   * Decision 0067: the order's delivery is recorded already (a second proof with a new key), or a
   * cancelled order has nothing to deliver: 409. A retry of the same action (its key) is no error.
   */
  orderDelivered: 145,
  orderCancelled: 146,
  /** The QR e-mail has nowhere to go: the order's customer has no e-mail (domain.md §1.5, §1.8). */
  customerEmailNotFound: 150,
  /** The chosen supplier's bank account is not a valid Czech account, so no payment can name it. */
  supplierAccountInvalid: 151,
  /** Too many QR e-mails this hour, from this user or to this address: try again later (429). */
  tooManyEmails: 152,
  /** domain.md §1.10: too many live-board streams open for this session (one per tab): 429. */
  tooManyStreams: 153,
  /**
   * A new customer looks like one that exists (same phone, e-mail, or name and town): 409 with the
   * matches in `customers`; send again with `allow_duplicate: true` to create it anyway.
   */
  customerMayExist: 160,
  /**
   * domain.md §2.12: a bank statement that cannot be read (a line cut short, not Windows-1250, an
   * XML element missing or malformed, a DOCTYPE, an account that is no supplier's): 400 with `at`,
   * the line or element at fault; nothing of the file is stored.
   */
  statementInvalid: 170,
  /**
   * domain.md §2.14: an uploaded spreadsheet that cannot be read at all (not a spreadsheet, the old
   * .xls, cut short, an unknown encoding, no rows, too many rows or columns): 400 with `problem`
   * (contracts spreadsheets.ts `spreadsheetProblems`); nothing is stored.
   */
  spreadsheetInvalid: 171,
  /**
   * domain.md §2.14: an import cannot be undone because a record it added was used or changed
   * since (a customer on an order, a product in stock): 409 with those records in `in_use`.
   */
  importInUse: 172,
  /** domain.md §2.14: the file was imported or undone already (or never imported, for an undo): 409. */
  importNotOpen: 173,
  noRightToRemoveUser: 200,
  ownerCannotBeDeleted: 201,
  userNotFound: 202,
  usernameTaken: 203,
  ownerShielded: 204,
  /** Taking the owner function from the last active owner (decision 0021): 409. */
  lastOwner: 205,
  /** A set-password link that is unknown, used already, replaced by a newer one or expired: 400. */
  passwordLinkInvalid: 206,
  /** A set-password link needs the user's e-mail address: 400 on `email`. */
  userHasNoEmail: 207,
  internal: 500,
  /**
   * The database cannot be reached (restarting, failing over, connections refused or cut): 503
   * with Retry-After, not 500 — nothing was written, and the same request may be sent again.
   */
  databaseUnavailable: 503,
  /**
   * Decision 0045: the database did not finish in time (statement or lock timeout) or stopped the
   * statement for another writer (deadlock, serialization): 503 with Retry-After, not 500 —
   * nothing was written, and the same request may be sent again.
   */
  databaseBusy: 504,
  /**
   * A read was not answered within the server's deadline (domain.md §3.3 Slow requests): 503 with
   * Retry-After. It wrote nothing; ask again, or for less (a shorter range, fewer days).
   */
  requestTimedOut: 505,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export const knownErrorCodes: readonly number[] = Object.values(ErrorCode);

export const apiErrorSchema = z
  .object({
    error_code: z.number().int(),
    message: z.string(),
    fields: z.array(z.string()).optional(),
  })
  .meta({ id: 'ApiError' });

export type ApiError = z.infer<typeof apiErrorSchema>;
