import { Typography } from '@mui/material';

export default function ProfilePage() {
  return (
    <Typography variant="h4" component="h1">
      Profile
    </Typography>
  );
}
