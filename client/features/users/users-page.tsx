import { Typography } from '@mui/material';

export default function UsersPage() {
  return (
    <Typography variant="h4" component="h1">
      Users
    </Typography>
  );
}
