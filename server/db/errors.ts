// Reading a database error the same way on both drivers: node-postgres puts the SQLSTATE on the error,
// drizzle over PGlite on its `cause`.

const UNIQUE_VIOLATION = '23505';

type DriverError = { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };

/** A unique index refused the write (two writers racing for the same name, say). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as DriverError | undefined;
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

/** The name of the constraint that refused the write ('' when the driver did not say). */
export function violatedConstraint(error: unknown): string {
  const e = error as DriverError | undefined;
  return e?.constraint ?? e?.cause?.constraint ?? '';
}
