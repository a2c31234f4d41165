import { Typography } from '@mui/material';

export default function SignupPage() {
  return (
    <Typography variant="h4" component="h1">
      Sign Up
    </Typography>
  );
}
