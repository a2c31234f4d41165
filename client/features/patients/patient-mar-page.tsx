import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, GlobalStyles, Typography } from '@mui/material';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { localParts } from '../../../shared/dose-schedule.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { chartTexts, doseTexts, marChartTexts, patientTexts } from '../../../shared/messages.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { CsvDownloadButton } from '../../components/csv-download-button.tsx';
import { ApiError } from '../../lib/api.ts';
import { useMar } from './api/get-mar.ts';
import {
  MarAdherence,
  MarFacts,
  MarGrid,
  MarLegend,
  MarPrnList,
  useMarSheetStyles,
} from './components/mar-sheet.tsx';
import { isMarMonth, monthLabel, shiftMonth } from './lib/mar-month.ts';

/**
 * Paper gets the sheet alone, black on white, on A4 landscape: the frame, buttons and notices
 * go; the grid drops its sideways scroll and sticky columns and shrinks so the whole month fits
 * one page width, letters in every cell (colour never carries the meaning); the legend and the
 * as-needed list follow the grid.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { size: 'A4 landscape', margin: '10mm' },
        'html, body, #root': { background: '#fff !important' },
        '.MuiAppBar-root, .MuiDrawer-root, nav, .Toastify, .no-print, a[href="#main-content"]': {
          display: 'none !important',
        },
        'main#main-content': { paddingTop: '0 !important', background: '#fff !important' },
        'main#main-content > div': { padding: '0 !important' },
        '.mar-sheet, .mar-sheet *': {
          color: '#000 !important',
          background: 'transparent !important',
          boxShadow: 'none !important',
        },
        '.mar-sheet': { fontSize: '8pt', padding: '0 !important', maxWidth: 'none !important' },
        '.mar-sheet h1': { fontSize: '13pt !important', margin: '0 0 2pt !important' },
        '.mar-sheet h2': {
          fontSize: '10pt !important',
          margin: '0 0 3pt !important',
          breakAfter: 'avoid',
          pageBreakAfter: 'avoid',
        },
        '.mar-sheet .mar-block': { marginTop: '6pt !important' },
        '.mar-sheet .mar-facts': { fontSize: '8pt' },
        '.mar-sheet .mar-scroll, .mar-sheet .mar-list-scroll': {
          overflow: 'visible !important',
          outline: 'none !important',
          border: 'none !important',
          borderRadius: '0 !important',
        },
        '.mar-sheet .mar-grid': {
          width: '100% !important',
          minWidth: '0 !important',
          tableLayout: 'fixed',
          borderCollapse: 'collapse !important',
          fontSize: '6.5pt !important',
        },
        '.mar-sheet .mar-grid col.mar-col-med': { width: '36mm' },
        '.mar-sheet .mar-grid col.mar-col-time': { width: '9mm' },
        '.mar-sheet .mar-grid th, .mar-sheet .mar-grid td': {
          position: 'static !important',
          border: '0.5pt solid #000 !important',
          padding: '0.5pt !important',
          width: 'auto !important',
          minWidth: '0 !important',
          maxWidth: 'none !important',
          height: 'auto !important',
        },
        '.mar-sheet .mar-grid .mar-med': { padding: '1pt 2pt !important' },
        '.mar-sheet .mar-grid .mar-med-line, .mar-sheet .mar-grid .mar-weekday': {
          fontSize: '5.5pt !important',
        },
        '.mar-sheet .mar-grid .mar-day .mar-code': {
          minHeight: '9pt !important',
          padding: '0 !important',
          fontSize: '6pt !important',
          whiteSpace: 'normal !important',
          lineHeight: 1.1,
        },
        '.mar-sheet .mar-grid tr': { breakInside: 'avoid', pageBreakInside: 'avoid' },
        '.mar-sheet .mar-legend': {
          gridTemplateColumns: 'repeat(4, 1fr) !important',
          gap: '2pt 8pt !important',
          fontSize: '7pt',
        },
        '.mar-sheet .mar-legend .mar-code': {
          minWidth: '18pt !important',
          height: '11pt !important',
          border: '0.5pt solid #000 !important',
        },
        '.mar-sheet .mar-list': { fontSize: '7pt' },
        '.mar-sheet .mar-list th, .mar-sheet .mar-list td': {
          padding: '1pt 3pt !important',
          border: '0.5pt solid #000 !important',
        },
        '.mar-sheet .mar-list tr, .mar-sheet .mar-legend-entry': {
          breakInside: 'avoid',
          pageBreakInside: 'avoid',
        },
        '.mar-sheet .mar-printed': { display: 'block !important', fontSize: '7pt !important' },
      },
    }}
  />
);

/**
 * The medication administration record of one patient for one month (`?month=YYYY-MM`, this
 * month in the agency's zone without it): every scheduled dose's outcome by day, the legend,
 * the as-needed doses and adherence. Print gives the sheet alone on A4 landscape.
 */
export default function PatientMarPage() {
  const { id } = useParams();
  const patientId = Number(id);
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const monthOk = asked === null || isMarMonth(asked);
  const mar = useMar(patientId, asked, monthOk);
  const sheetStyles = useMarSheetStyles();

  const goTo = (month: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (month) next.set('month', month);
        else next.delete('month');
        return next;
      },
      { replace: false },
    );

  const back = (
    <Button component={RouterLink} to={`/patients/${patientId}`} variant="outlined">
      {chartTexts.backToChart}
    </Button>
  );

  if (!monthOk) {
    return (
      <>
        <PageHeader title={doseTexts.marTitle} actions={back} />
        <ErrorState text={doseTexts.monthInvalid} />
        <Button sx={{ mt: 2 }} variant="contained" onClick={() => goTo(null)}>
          {marChartTexts.thisMonth}
        </Button>
      </>
    );
  }
  if (mar.isLoading) return <LoadingState label={marChartTexts.loading} />;
  if (!mar.data) {
    const missing =
      !Number.isInteger(patientId) || (mar.error instanceof ApiError && mar.error.status === 404);
    return (
      <>
        <PageHeader title={doseTexts.marTitle} actions={back} />
        {missing ? (
          <EmptyState text={patientTexts.patientNotFound} />
        ) : (
          <ErrorState text={doseTexts.errorFetchingMar} onRetry={() => void mar.refetch()} />
        )}
      </>
    );
  }

  const data = mar.data;
  // While the next month loads, the month shown stays with its buttons resting.
  const busy = mar.isPlaceholderData;
  const today = localParts(new Date(), data.timeZone).date;
  return (
    <>
      {printStyles}
      <Box
        className="no-print"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}
      >
        <Box
          role="group"
          aria-label={doseTexts.marMonth}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flexGrow: 1 }}
        >
          <Button
            variant="outlined"
            startIcon={<ChevronLeftIcon />}
            disabled={busy}
            onClick={() => goTo(shiftMonth(data.month, -1))}
          >
            {doseTexts.marPrevious}
          </Button>
          <Button
            variant="outlined"
            endIcon={<ChevronRightIcon />}
            disabled={busy}
            onClick={() => goTo(shiftMonth(data.month, 1))}
          >
            {doseTexts.marNext}
          </Button>
        </Box>
        {back}
        <CsvDownloadButton
          path={`/api/patients/${patientId}/mar.csv`}
          query={{ month: data.month }}
          listName={doseTexts.marTitle}
        />
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {doseTexts.marPrint}
        </Button>
      </Box>
      {mar.isError && (
        <Box className="no-print" sx={{ mb: 2 }}>
          <ErrorState text={doseTexts.errorFetchingMar} onRetry={() => void mar.refetch()} />
        </Box>
      )}
      <Box
        component="article"
        className="mar-sheet"
        aria-labelledby="mar-title"
        aria-busy={busy}
        sx={{
          p: { xs: 2, sm: 3 },
          bgcolor: 'background.paper',
          borderRadius: 3,
          opacity: busy ? 0.6 : 1,
          ...sheetStyles,
        }}
      >
        <Typography id="mar-title" variant="h4" component="h1">
          {doseTexts.marTitle}: {monthLabel(data.month)}
        </Typography>
        <Box sx={{ mb: 2 }}>
          <MarFacts mar={data} />
          <Typography className="mar-printed" sx={{ display: 'none', mt: 0.5 }}>
            {chartTexts.printedOn(formatDateTime(new Date(), data.timeZone))}
          </Typography>
        </Box>
        {data.rows.length === 0 ? (
          <EmptyState text={doseTexts.marEmpty} />
        ) : (
          <MarGrid mar={data} today={today} />
        )}
        <MarAdherence mar={data} />
        <MarLegend />
        <MarPrnList mar={data} />
      </Box>
    </>
  );
}
