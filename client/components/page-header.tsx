import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The title of a screen (its one h1) with its main actions on the right. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 3 }}>
      <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {actions}
    </Box>
  );
}
