import AddIcon from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { rotaTexts, visitTexts } from '../../../../shared/messages.ts';
import type { RotaWeek, VisitSummary } from '../../../../shared/schemas/visits.ts';
import { readableTones } from '../../../lib/theme-tokens.ts';
import { dayHeading, dayLong } from '../lib/rota-dates.ts';
import { VisitBlock } from './visit-block.tsx';

interface Row {
  key: string;
  caregiverId: number | null;
  name: string;
  plannedMinutes: number | null;
}

/** The rows: Unassigned first when a visit has nobody, then every caregiver, by name. */
export function rowsOf(week: RotaWeek): Row[] {
  const rows: Row[] = week.caregivers.map((caregiver) => ({
    key: `c${caregiver.id}`,
    caregiverId: caregiver.id,
    name: caregiver.name,
    plannedMinutes: caregiver.plannedMinutes,
  }));
  // A visit of a caregiver no longer listed (deactivated) still shows, on a row of its own.
  const listed = new Set(week.caregivers.map((c) => c.id));
  const extra = new Map<number, string>();
  for (const visit of week.visits) {
    if (visit.caregiverId !== null && !listed.has(visit.caregiverId)) {
      extra.set(visit.caregiverId, visit.caregiverName);
    }
  }
  for (const [id, name] of extra) {
    rows.push({ key: `c${id}`, caregiverId: id, name, plannedMinutes: null });
  }
  if (week.visits.some((visit) => visit.caregiverId === null)) {
    rows.unshift({
      key: 'unassigned',
      caregiverId: null,
      name: visitTexts.unassigned,
      plannedMinutes: null,
    });
  }
  return rows;
}

/**
 * The week: caregivers as rows (name and planned hours), Monday to Sunday as columns (today
 * marked), each visit a button in its cell and an Add button per cell. It scrolls sideways
 * inside its own labelled region, the caregiver column kept in view on wider screens.
 */
export function WeekGrid({
  week,
  today,
  conflictIds,
  onOpen,
  onAdd,
}: {
  week: RotaWeek;
  today: string;
  conflictIds: Set<number>;
  onOpen(visit: VisitSummary): void;
  /** Plans a visit in a cell; absent for those who read the rota but plan nothing. */
  onAdd?(cell: { caregiverId: number | null; caregiverName?: string; date: string }): void;
}) {
  const rows = rowsOf(week);
  const byCell = new Map<string, VisitSummary[]>();
  for (const visit of week.visits) {
    const key = `${visit.caregiverId ?? 'u'}|${visit.localDate}`;
    const list = byCell.get(key) ?? [];
    list.push(visit);
    byCell.set(key, list);
  }
  for (const list of byCell.values())
    list.sort((a, b) => a.plannedStart.localeCompare(b.plannedStart));
  const range = `${dayLong(week.days[0]!)} – ${dayLong(week.days[6]!)}`;

  return (
    <Box
      className="rota-scroll"
      role="region"
      aria-label={rotaTexts.gridLabel}
      tabIndex={0}
      sx={{
        position: 'relative',
        overflowX: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        '& table': { borderCollapse: 'separate', borderSpacing: 0, width: '100%', minWidth: 980 },
        '& th, & td': {
          borderBottom: 1,
          borderRight: 1,
          borderColor: 'divider',
          verticalAlign: 'top',
          p: 0.75,
        },
        '& thead th': { textAlign: 'left', fontWeight: 600, whiteSpace: 'nowrap' },
        '& .rota-today': { bgcolor: 'action.hover' },
        '& .rota-caregiver': {
          minWidth: { xs: 140, sm: 170 },
          maxWidth: 220,
          position: { xs: 'static', sm: 'sticky' },
          left: 0,
          zIndex: 1,
          bgcolor: 'background.paper',
          textAlign: 'left',
        },
        '& td': { minWidth: 124, width: `${100 / 7}%` },
      }}
    >
      <table>
        <caption
          style={{
            position: 'absolute',
            width: 1,
            height: 1,
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
          }}
        >
          {rotaTexts.gridCaption(range)}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="rota-caregiver">
              {rotaTexts.caregiverColumn}
            </th>
            {week.days.map((day) => {
              const isToday = day === today;
              return (
                <th
                  key={day}
                  scope="col"
                  abbr={dayLong(day)}
                  aria-current={isToday ? 'date' : undefined}
                  className={isToday ? 'rota-today' : undefined}
                >
                  {dayHeading(day)}
                  {isToday && (
                    <Box
                      component="span"
                      sx={{
                        display: 'block',
                        fontSize: '0.8rem',
                        fontWeight: 700,
                        // White on the readable fill: 4.5:1 in both themes.
                        color: 'common.white',
                        bgcolor: readableTones.fill.primary,
                        borderRadius: 1,
                        px: 0.75,
                        width: 'fit-content',
                      }}
                    >
                      {rotaTexts.todayMark}
                    </Box>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-row={row.key}>
              <th scope="row" className="rota-caregiver">
                <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                  {row.name}
                </Box>
                {row.plannedMinutes !== null && (
                  <Box
                    component="span"
                    sx={{ display: 'block', fontWeight: 400, color: 'text.secondary' }}
                  >
                    {rotaTexts.plannedHours(rotaTexts.duration(row.plannedMinutes))}
                  </Box>
                )}
              </th>
              {week.days.map((day) => {
                const visits = byCell.get(`${row.caregiverId ?? 'u'}|${day}`) ?? [];
                return (
                  <td key={day} className={day === today ? 'rota-today' : undefined}>
                    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
                      {visits.map((visit) => (
                        <VisitBlock
                          key={visit.id}
                          visit={visit}
                          conflict={conflictIds.has(visit.id)}
                          onOpen={onOpen}
                        />
                      ))}
                      {onAdd && (
                        <Button
                          size="small"
                          variant="text"
                          startIcon={<AddIcon />}
                          aria-label={rotaTexts.addVisitFor(row.name, dayLong(day))}
                          onClick={() =>
                            onAdd({
                              caregiverId: row.caregiverId,
                              caregiverName: row.caregiverId === null ? undefined : row.name,
                              date: day,
                            })
                          }
                          sx={{ minHeight: 40, justifyContent: 'flex-start', px: 1 }}
                        >
                          {rotaTexts.addVisit}
                        </Button>
                      )}
                    </Box>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
