import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { Chip } from '@mui/material';
import { offlineTexts } from '../../shared/messages.ts';

/** A change kept on this phone and not yet received by the server: in words, with an icon. */
export function WaitingToSendChip() {
  return (
    <Chip
      icon={<CloudUploadIcon />}
      label={offlineTexts.waitingToSend}
      color="primary"
      variant="outlined"
      data-testid="waiting-to-send"
      sx={{
        fontWeight: 600,
        height: 'auto',
        minHeight: 32,
        borderStyle: 'dashed',
        borderWidth: 2,
        maxWidth: '100%',
        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
        '& .MuiChip-icon': { color: 'inherit' },
      }}
    />
  );
}
