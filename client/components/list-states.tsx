import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';

export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ p: 2 }}>
      {text}
    </Typography>
  );
}

export function ErrorState({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" onClick={onRetry} sx={{ minHeight: 44, whiteSpace: 'nowrap' }}>
            Try again
          </Button>
        ) : undefined
      }
    >
      {text}
    </Alert>
  );
}
