import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export default function NotFoundPage() {
  return (
    <Box component="main" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h2" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        There is no page at this address.
      </Typography>
      <Button variant="contained" component={RouterLink} to="/">
        Go back to the start
      </Button>
    </Box>
  );
}
