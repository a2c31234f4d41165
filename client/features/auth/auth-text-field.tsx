import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import { styled } from '@mui/material/styles';
import { useId, type ChangeEventHandler, type FocusEventHandler, type Ref } from 'react';

/**
 * Styled under the name MuiTextField, so the theme's TextField overrides (the gap below each
 * field, the corner radius) apply exactly as they do to a TextField.
 */
const TextFieldRoot = styled(FormControl, { name: 'MuiTextField', slot: 'Root' })({});

interface AuthTextFieldProps {
  label: string;
  name: string;
  type?: 'text' | 'password';
  value?: string;
  required?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
}

/**
 * An outlined TextField built from the parts MUI documents for it (FormControl, InputLabel,
 * OutlinedInput, FormHelperText), with the same classes, ids and labelling. TextField itself
 * imports Select, menus and popovers, which the login screen would download for nothing.
 */
export function AuthTextField({
  label,
  required = false,
  error = false,
  helperText,
  ...input
}: AuthTextFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <TextFieldRoot
      className="MuiTextField-root"
      variant="outlined"
      fullWidth
      required={required}
      error={error}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...input} id={id} label={label} fullWidth aria-describedby={helperTextId} />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </TextFieldRoot>
  );
}
