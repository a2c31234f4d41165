import { Box, Button, Typography } from '@mui/material';
import { useRouteError } from 'react-router';

/** Shown when a screen fails to load or render: a clear message and a way back. */
export function RouteError() {
  const error = useRouteError() as Error | undefined;
  return (
    <Box role="alert" sx={{ p: 4 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Something went wrong
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {error?.message ?? 'This screen could not be shown.'}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Box>
  );
}
