// Uploads (docs/security.md, "Uploads"): the per-user budget and its refusals.

/** The window of the per-user upload limits. */
export const UPLOAD_WINDOW_MS = 10 * 60_000;
/** Upload requests per user per window (each may hold several files). */
export const UPLOADS_PER_WINDOW = 20;
/** Bytes per user per window, all uploads together. */
export const UPLOAD_BYTES_PER_WINDOW = 100 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  tooMany: 'Too many uploads. Please wait 10 minutes and try again.',
  tooMuch: 'You have uploaded 100 MB in the last 10 minutes. Please wait 10 minutes and try again.',
} as const;
