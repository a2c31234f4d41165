import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The centred card of the Login and Sign Up screens, under the product's name. */
export function AuthCard({
  title,
  width = 420,
  children,
}: {
  title: string;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        px: 2,
        py: 4,
      }}
    >
      <Typography
        variant="h3"
        component="p"
        sx={{ color: 'primary.main', fontWeight: 700, mb: 3, textAlign: 'center' }}
      >
        ElderCare System
      </Typography>
      <Card sx={{ width: '100%', maxWidth: width }} elevation={3}>
        <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
          <Typography variant="h4" component="h1" sx={{ mb: 3, textAlign: 'center' }}>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

/** The link between Login and Sign Up: a target of 44 px, not just a line of text. */
export const authLinkSx = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  px: 0.5,
} as const;
