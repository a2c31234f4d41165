import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

/**
 * Puts the server's field messages (`errors` of a refused call) under the form's own fields;
 * messages about fields the form does not have are left to the notice. Answers whether any
 * was shown. With `focus`, the first field shown takes the focus.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<T>,
  options: { focus?: boolean } = {},
): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  let shown = false;
  for (const [name, message] of Object.entries(error.errors)) {
    if (!message || !fields.includes(name)) continue;
    setError(name as Path<T>, { message }, options.focus ? { shouldFocus: !shown } : undefined);
    shown = true;
  }
  return shown;
}
