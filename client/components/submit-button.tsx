import { Button, type ButtonProps } from '@mui/material';
import type { MouseEvent } from 'react';

/**
 * A form's submit button that keeps keyboard focus while the form is being sent. A disabled
 * button drops focus to the top of the page, so a keyboard or screen-reader user pressing
 * Enter on Save would be thrown out of the form; this one says it is busy (`aria-disabled`,
 * greyed) and ignores presses until the answer comes, but keeps focus where it was.
 */
export function SubmitButton({
  busy,
  onClick,
  sx,
  ...props
}: Omit<ButtonProps, 'type' | 'disabled'> & { busy: boolean }) {
  const ignoreWhileBusy = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <Button
      type="submit"
      variant="contained"
      {...props}
      onClick={ignoreWhileBusy}
      aria-disabled={busy || undefined}
      sx={[busy && { opacity: 0.6, cursor: 'progress' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
