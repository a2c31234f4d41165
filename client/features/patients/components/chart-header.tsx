import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import PhoneIcon from '@mui/icons-material/Phone';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Chip, Link, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { allergyTexts, chartTexts, conditionTexts } from '../../../../shared/messages.ts';
import { formatDate } from '../../../../shared/format.ts';
import type { Chart } from '../../../../shared/schemas/chart.ts';
import { readableTones } from '../../../lib/theme-tokens.ts';

const roleLabel = (role: string) => (role === 'doctor' ? 'Doctor' : 'Caregiver');

/** A `tel:` address: the digits and a leading +, nothing a dialler would choke on. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography
        variant="subtitle2"
        component="h2"
        sx={{ color: 'text.secondary', fontWeight: 600, mb: 0.75 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The allergies as the chart shows them: each active allergy an alert-coloured chip naming the
 * substance and the reaction; otherwise "No known allergies" (recorded by a doctor) or
 * "Allergies not recorded" (never asked), each with its own colour and icon.
 */
export function AllergySummary({
  status,
  allergies,
}: Pick<Chart, 'allergies'> & { status: Chart['allergyStatus'] }) {
  if (status === 'recorded' && allergies.length > 0) {
    return (
      <Box
        component="ul"
        aria-label={chartTexts.allergies}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
      >
        {allergies.map((allergy) => (
          <Box component="li" key={allergy.id} sx={{ maxWidth: '100%' }}>
            <Chip
              color="error"
              icon={<WarningAmberIcon />}
              label={allergyTexts.chip(allergy.substance, allergy.reaction)}
              sx={{
                // The deeper red: white words on it stay readable (the seed's red is about 3:1).
                bgcolor: readableTones.fill.errorHover,
                '& .MuiChip-icon': { color: '#FFFFFF' },
                maxWidth: '100%',
                height: 'auto',
                minHeight: 32,
                fontWeight: 600,
                '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
              }}
            />
          </Box>
        ))}
      </Box>
    );
  }
  if (status === 'none') {
    return (
      <Chip
        color="success"
        variant="outlined"
        icon={<CheckCircleOutlineIcon />}
        label={allergyTexts.noKnownAllergies}
        data-allergy-status="none"
      />
    );
  }
  return (
    <Chip
      color="warning"
      variant="outlined"
      icon={<HelpOutlineIcon />}
      label={allergyTexts.notRecorded}
      data-allergy-status="not-recorded"
      sx={(theme) => {
        // An amber that reads at 4.5:1 on the page in either mode.
        const tone = theme.palette.mode === 'dark' ? '#FFB74D' : '#8A4B00';
        return {
          borderStyle: 'dashed',
          color: tone,
          borderColor: tone,
          '& .MuiChip-icon': { color: tone },
        };
      }}
    />
  );
}

/**
 * The top of the chart: who the patient is (name, age, date of birth, gender), what everyone must
 * know first (allergies, active conditions), who looks after them and whom to call.
 */
export function ChartHeader({ chart, actions }: { chart: Chart; actions?: ReactNode }) {
  const p = chart.patient;
  return (
    <Paper
      component="header"
      aria-label={`${p.firstName} ${p.lastName}`}
      sx={{
        p: { xs: 2, sm: 3 },
        borderRadius: 3,
        mb: 3,
        display: 'grid',
        gap: 2,
        alignItems: 'start',
        // On a phone the allergies come right after the name; the buttons wait below.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto' },
        gridTemplateAreas: {
          xs: '"name" "facts" "actions"',
          sm: '"name actions" "facts facts"',
        },
      }}
    >
      <Box sx={{ gridArea: 'name', minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {p.firstName} {p.lastName}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {[
            chartTexts.age(chart.ageYears),
            `${chartTexts.dateOfBirth} ${formatDate(p.dob)}`,
            p.gender,
          ].join(' · ')}
        </Typography>
      </Box>
      {actions && (
        <Box
          className="chart-actions"
          sx={{
            gridArea: 'actions',
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            alignItems: 'center',
            justifyContent: { sm: 'flex-end' },
          }}
        >
          {actions}
        </Box>
      )}
      <Box
        sx={{
          gridArea: 'facts',
          display: 'grid',
          gap: { xs: 2, md: 3 },
          // As many columns as 14 rem each allow: four on a wide screen, fewer at larger fonts.
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
        }}
      >
        {/* Office staff (no clinical reads) get a null status: no allergies or conditions shown. */}
        {chart.allergyStatus !== null && (
          <Part title={chartTexts.allergies}>
            <AllergySummary status={chart.allergyStatus} allergies={chart.allergies} />
          </Part>
        )}
        {chart.allergyStatus !== null && (
          <Part title={chartTexts.conditions}>
            {chart.conditions.length === 0 ? (
              <Typography color="text.secondary">{conditionTexts.noneActive}</Typography>
            ) : (
              <Box
                component="ul"
                aria-label={chartTexts.conditions}
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
              >
                {chart.conditions.map((condition) => (
                  <Box component="li" key={condition.id} sx={{ maxWidth: '100%' }}>
                    <Chip
                      variant="outlined"
                      label={condition.name}
                      sx={{
                        maxWidth: '100%',
                        height: 'auto',
                        minHeight: 32,
                        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
                      }}
                    />
                  </Box>
                ))}
              </Box>
            )}
          </Part>
        )}
        <Part title={chartTexts.careTeam}>
          {chart.careTeam.length === 0 ? (
            <Typography color="text.secondary">{chartTexts.noCareTeam}</Typography>
          ) : (
            <Box
              component="ul"
              aria-label={chartTexts.careTeam}
              sx={{ m: 0, p: 0, listStyle: 'none' }}
            >
              {chart.careTeam.map((member) => (
                <Box component="li" key={member.userId}>
                  {member.name}{' '}
                  <Typography component="span" color="text.secondary">
                    ({roleLabel(member.role)})
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </Part>
        <Part title={chartTexts.emergencyContact}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{p.emergencyContact}</Typography>
          <Link
            href={telHref(p.emergencyContactPhone)}
            aria-label={chartTexts.callContact(p.emergencyContact, p.emergencyContactPhone)}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minHeight: 44 }}
          >
            <PhoneIcon fontSize="small" aria-hidden />
            {p.emergencyContactPhone}
          </Link>
        </Part>
      </Box>
    </Paper>
  );
}
