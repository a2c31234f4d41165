import { Box, Typography } from '@mui/material';

/** An id with the name beside it, as PRODUCT.md asks for ID columns. */
export function IdWithName({ id, name }: { id: number; name: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      <span>{id}</span>
      {name && (
        <Typography component="span" variant="body2" color="text.secondary">
          {name}
        </Typography>
      )}
    </Box>
  );
}
