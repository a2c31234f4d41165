import { Typography } from '@mui/material';

export default function LoginPage() {
  return (
    <Typography variant="h4" component="h1">
      Login
    </Typography>
  );
}
