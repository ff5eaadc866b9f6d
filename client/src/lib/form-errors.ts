// Server `fields` errors ({ field: message }) land on the form fields they name.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api.ts';

export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError)) return;
  let focused = false;
  for (const [name, message] of Object.entries(error.fields)) {
    const field = fieldNames.find((f) => f === name);
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
}
