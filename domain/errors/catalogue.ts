// The shape of an entry of the error catalogue (domain/errors.ts): its HTTP status, its message, and
// whether the answer carries the code too.
export type ErrorCatalogue = Record<string, { status: number; message: string; exposeCode?: true }>;
