import { useMediaQuery, type Theme } from '@mui/material';

/**
 * Whether a form dialog should fill the screen: below 600 px a centred dialog leaves its fields
 * narrow and its buttons cramped, so forms take the whole phone screen instead.
 */
export function useFullScreenDialog(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
}
