import {
  Box,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import {
  accountMessages,
  accountTexts,
  notices,
  vitalSignTexts,
} from '../../../shared/messages.ts';
import { settingsSchema, type Settings } from '../../../shared/schemas/users.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import {
  glucoseUnits,
  temperatureUnits,
  type GlucoseUnit,
  type TemperatureUnit,
} from '../../../shared/units.ts';
import { ErrorState, LoadingState } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.tsx';
import { setPreviewSettings } from '../../lib/preview-settings.ts';
import { useSettings } from './api/get-settings.ts';
import { useSaveSettings } from './api/save-settings.ts';
import { AgencySettingsCard } from './components/agency-settings-card.tsx';
import { TimeZonePicker } from './components/time-zone-picker.tsx';
import { notify } from '../../lib/notify.ts';

const fontSizeSchema = settingsSchema.shape.fontSize;
// The range message also for an empty, fractional or non-numeric entry.
const fontSizeRangeMessage = accountMessages.fontSizeRange;

function askForBrowserNotifications(): void {
  // Reminders may also arrive as browser notifications; the browser asks only once.
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
    void Notification.requestPermission().catch(() => undefined);
  }
}

/** One unit setting: a labelled group of radio buttons, arrow keys move between them. */
function UnitChoice<T extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: T;
  choices: readonly T[];
  onChange(value: T): void;
}) {
  return (
    <FormControl component="fieldset" sx={{ display: 'flex', mb: 2 }}>
      <FormLabel component="legend">{label}</FormLabel>
      <RadioGroup
        row
        name={label}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {choices.map((choice) => (
          <FormControlLabel
            key={choice}
            value={choice}
            control={<Radio />}
            label={vitalSignTexts.unitNames[choice as keyof typeof vitalSignTexts.unitNames]}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function SettingsForm({ stored }: { stored: Settings }) {
  const [darkMode, setDarkMode] = useState(stored.darkMode);
  const [fontSizeText, setFontSizeText] = useState(String(stored.fontSize));
  const [notificationsEnabled, setNotificationsEnabled] = useState(stored.notificationsEnabled);
  const [temperatureUnit, setTemperatureUnit] = useState<TemperatureUnit>(stored.temperatureUnit);
  const [glucoseUnit, setGlucoseUnit] = useState<GlucoseUnit>(stored.glucoseUnit);
  const [timeZone, setTimeZone] = useState<string | null>(stored.timeZone ?? null);
  const [timeZoneError, setTimeZoneError] = useState<string | undefined>();
  const [fontSizeError, setFontSizeError] = useState<string | undefined>();

  // An unsaved font size shows at once; leaving the screen drops what was not saved.
  useEffect(() => () => setPreviewSettings({}), []);

  const theme = useSaveSettings({
    onSuccess: (settings) => {
      setPreviewSettings({ fontSize: previewFontSize(fontSizeText) });
      notify('success', settings.darkMode ? notices.themeDark : notices.themeLight);
    },
    onError: (error, changes) => {
      setDarkMode(!changes.darkMode);
      setPreviewSettings({ fontSize: previewFontSize(fontSizeText) });
      notify('error', error instanceof ApiError ? error.message : accountTexts.errorSavingSettings);
    },
  });

  const save = useSaveSettings({
    onSuccess: (settings) => {
      setPreviewSettings({});
      setFontSizeText(String(settings.fontSize));
      setTimeZoneError(undefined);
      if (settings.notificationsEnabled) askForBrowserNotifications();
      notify('success', notices.settingsUpdated);
    },
    onError: (error) => {
      const fieldError = error instanceof ApiError ? error.errors?.fontSize : undefined;
      if (fieldError) setFontSizeError(fieldError);
      setTimeZoneError(error instanceof ApiError ? error.errors?.timeZone : undefined);
      notify(
        'error',
        error instanceof ApiError && error.message
          ? error.message
          : accountTexts.errorSavingSettings,
      );
    },
  });

  const onDarkMode = (next: boolean) => {
    setDarkMode(next);
    // The theme switches before the server answers; a failure switches it back.
    setPreviewSettings({ darkMode: next, fontSize: previewFontSize(fontSizeText) });
    theme.mutate({ darkMode: next });
  };

  const onFontSize = (text: string) => {
    setFontSizeText(text);
    const parsed = fontSizeSchema.safeParse(Number(text));
    setFontSizeError(text.trim() === '' || !parsed.success ? fontSizeRangeMessage : undefined);
    setPreviewSettings({
      darkMode: theme.isPending ? darkMode : undefined,
      fontSize: previewFontSize(text),
    });
  };

  const onSave = () => {
    const parsed = fontSizeSchema.safeParse(Number(fontSizeText));
    if (fontSizeText.trim() === '' || !parsed.success) {
      setFontSizeError(fontSizeRangeMessage);
      return;
    }
    save.mutate({
      fontSize: parsed.data,
      notificationsEnabled,
      temperatureUnit,
      glucoseUnit,
      timeZone,
    });
  };

  return (
    <Card sx={{ maxWidth: 560 }}>
      <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
        <Box
          component="form"
          noValidate
          aria-label="Settings"
          onSubmit={(event) => {
            event.preventDefault();
            onSave();
          }}
        >
          <FormControlLabel
            sx={{ display: 'flex', mb: 2, ml: 0, gap: 1 }}
            control={
              <Switch
                checked={darkMode}
                // Not disabled while saving: that would drop keyboard focus.
                onChange={(event) => {
                  if (!theme.isPending) onDarkMode(event.target.checked);
                }}
              />
            }
            label="Dark Mode"
          />
          <TextField
            label="Font Size"
            type="number"
            value={fontSizeText}
            onChange={(event) => onFontSize(event.target.value)}
            error={Boolean(fontSizeError)}
            helperText={fontSizeError ?? accountTexts.fontSizeHint}
            slotProps={{ htmlInput: { min: 10, max: 32, step: 1, inputMode: 'numeric' } }}
            sx={{ maxWidth: 320 }}
          />
          <FormControlLabel
            sx={{ display: 'flex', mb: 2, ml: 0, gap: 1 }}
            control={
              <Switch
                checked={notificationsEnabled}
                onChange={(event) => setNotificationsEnabled(event.target.checked)}
              />
            }
            label="Enable Notifications"
          />
          <UnitChoice<TemperatureUnit>
            label={vitalSignTexts.temperatureUnitLabel}
            value={temperatureUnit}
            choices={temperatureUnits}
            onChange={setTemperatureUnit}
          />
          <UnitChoice<GlucoseUnit>
            label={vitalSignTexts.glucoseUnitLabel}
            value={glucoseUnit}
            choices={glucoseUnits}
            onChange={setGlucoseUnit}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 3 }}>
            {vitalSignTexts.unitsHint}
          </Typography>
          <TimeZonePicker value={timeZone} onChange={setTimeZone} error={timeZoneError} />
          <SubmitButton busy={save.isPending}>Save Settings</SubmitButton>
        </Box>
      </CardContent>
    </Card>
  );
}

function previewFontSize(text: string): number | undefined {
  const parsed = fontSizeSchema.safeParse(Number(text));
  return text.trim() !== '' && parsed.success ? parsed.data : undefined;
}

export default function SettingsPage() {
  const query = useSettings();
  const { can } = useSession();
  return (
    <>
      <PageHeader title="Settings" />
      {query.isLoading && <LoadingState />}
      {query.isError && (
        <ErrorState text={notices.errorFetchingUserData} onRetry={() => void query.refetch()} />
      )}
      {query.data && <SettingsForm stored={query.data} />}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, maxWidth: 560 }}>
        {accountTexts.settingsFollowYou}
      </Typography>
      {can('agency:manage') && <AgencySettingsCard />}
    </>
  );
}
