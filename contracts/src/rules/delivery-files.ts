/**
 * Limits of the proof of delivery's files (domain.md §2.11): the server checks them by their bytes,
 * not by their names; the driver's phone says them before it sends. No zod here: the driver's page
 * reads them.
 */
export const deliveryFileLimits = {
  photos: 5,
  photoBytes: 4 * 1024 * 1024,
  signatureBytes: 512 * 1024,
} as const;
