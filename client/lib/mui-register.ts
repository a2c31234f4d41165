import type { FieldPath, FieldValues, RegisterOptions, UseFormRegister } from 'react-hook-form';

/**
 * react-hook-form's `register` for an MUI TextField: the ref goes to the real input (MUI's
 * `ref` is the outer box), so focus-on-error and browser autofill work.
 */
export function muiRegister<T extends FieldValues>(register: UseFormRegister<T>) {
  return <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) => {
    const { ref, ...rest } = register(name, options);
    return { ...rest, inputRef: ref };
  };
}
