import { Box, Typography } from '@mui/material';
import { useReaderIsPatient } from '../lib/auth.tsx';
import { PatientLink } from './patient-link.tsx';

/**
 * An id with the name beside it, as PRODUCT.md asks for ID columns. With `patient`, the id is a
 * patient's and the name (the id, when there is no name) links to their chart, for users who
 * may open it. A patient reading sees staff by name only: their internal ids are not theirs
 * to see.
 */
export function IdWithName({
  id,
  name,
  patient = false,
}: {
  id: number;
  name: string;
  patient?: boolean;
}) {
  const readerIsPatient = useReaderIsPatient();
  if (readerIsPatient && !patient) return <span>{name}</span>;
  const linked = (text: string | number) =>
    patient ? <PatientLink patientId={id}>{text}</PatientLink> : text;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      <span>{name ? id : linked(id)}</span>
      {name && (
        <Typography component="span" variant="body2" color="text.secondary">
          {linked(name)}
        </Typography>
      )}
    </Box>
  );
}
