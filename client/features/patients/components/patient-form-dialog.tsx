import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useEffect } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { notices, patientTexts } from '../../../../shared/messages.ts';
import {
  genders,
  patientFormSchema,
  type Patient,
  type PatientInput,
} from '../../../../shared/schemas/patients.ts';
import { useFullScreenDialog } from '../../../components/dialog.ts';
import { useSavePatient } from '../api/save-patient.ts';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/notify.ts';

const emptyPatient: PatientInput = {
  firstName: '',
  lastName: '',
  dob: '',
  gender: '',
  address: '',
  phoneNumber: '',
  emergencyContact: '',
  emergencyContactPhone: '',
};

const textFields: { name: Exclude<keyof PatientInput, 'dob' | 'gender'>; label: string }[] = [
  { name: 'firstName', label: 'First Name' },
  { name: 'lastName', label: 'Last Name' },
  { name: 'address', label: 'Address' },
  { name: 'phoneNumber', label: 'Phone Number' },
  { name: 'emergencyContact', label: 'Emergency Contact' },
  { name: 'emergencyContactPhone', label: 'Emergency Contact Phone' },
];

interface PatientFormDialogProps {
  open: boolean;
  /** The patient being edited; absent when adding. */
  patient?: Patient | null;
  onClose(): void;
}

/** The 'Add Patient' / 'Edit Patient' dialog with the seed's message under each field. */
export function PatientFormDialog({ open, patient, onClose }: PatientFormDialogProps) {
  const save = useSavePatient();
  const fullScreen = useFullScreenDialog();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PatientInput>({
    resolver: zodResolver(patientFormSchema),
    defaultValues: emptyPatient,
  });

  // Edit pre-fills the form; add starts empty. Reset whenever the dialog opens.
  useEffect(() => {
    if (!open) return;
    reset(
      patient
        ? {
            firstName: patient.firstName,
            lastName: patient.lastName,
            dob: patient.dob,
            gender: patient.gender,
            address: patient.address,
            phoneNumber: patient.phoneNumber,
            emergencyContact: patient.emergencyContact,
            emergencyContactPhone: patient.emergencyContactPhone,
          }
        : emptyPatient,
    );
  }, [open, patient, reset]);

  const field = (name: FieldPath<PatientInput>) => {
    const { ref, ...rest } = register(name);
    return {
      ...rest,
      inputRef: ref,
      error: Boolean(errors[name]),
      helperText: errors[name]?.message,
    };
  };

  const onSubmit = async (input: PatientInput) => {
    try {
      await save.mutateAsync({ id: patient?.id, input });
    } catch (error) {
      showServerFieldErrors(error, Object.keys(emptyPatient), setError);
      notify('error', notices.errorSavingPatient);
      return;
    }
    notify('success', patient ? notices.patientUpdated : notices.patientAdded);
    reset(emptyPatient);
    onClose();
  };

  const title = patient ? patientTexts.editPatient : 'Add Patient';
  // A stored gender outside the three choices (an older client's value) stays selectable.
  const genderChoices =
    patient && !(genders as readonly string[]).includes(patient.gender) && patient.gender
      ? [...genders, patient.gender]
      : genders;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="patient-dialog-title"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id="patient-dialog-title">{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={title}>
        <DialogContent sx={{ pt: 1 }}>
          {textFields.slice(0, 2).map(({ name, label }) => (
            <TextField key={name} label={label} required {...field(name)} sx={{ mt: 1 }} />
          ))}
          <TextField
            label="Date of Birth"
            type="date"
            required
            {...field('dob')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Controller
            control={control}
            name="gender"
            render={({ field: gender }) => (
              <TextField
                select
                label="Gender"
                required
                name={gender.name}
                value={gender.value}
                onChange={gender.onChange}
                onBlur={gender.onBlur}
                inputRef={gender.ref}
                error={Boolean(errors.gender)}
                helperText={errors.gender?.message}
              >
                {genderChoices.map((choice) => (
                  <MenuItem key={choice} value={choice}>
                    {choice}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {textFields.slice(2).map(({ name, label }) => (
            <TextField key={name} label={label} required {...field(name)} />
          ))}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
