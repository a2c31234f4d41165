/** The parts of a Lighthouse JSON report the bench reads. */
export interface LighthouseJson {
  categories: Record<string, { score: number | null; auditRefs?: { id: string }[] }>;
  audits: Record<
    string,
    { score: number | null; numericValue?: number; details?: { items?: unknown[] } }
  >;
  finalDisplayedUrl?: string;
}

/** The accessibility audits of a report that scored below 1, with how many elements failed. */
export function failedAccessibilityAudits(report: LighthouseJson): string[] {
  const refs = report.categories.accessibility?.auditRefs ?? [];
  return refs.flatMap(({ id }) => {
    const audit = report.audits[id];
    if (!audit || audit.score === null || audit.score >= 1) return [];
    const count = audit.details?.items?.length;
    return [count ? `${id} (${count})` : id];
  });
}

/** The page's loading figures that the performance score is made of, as Lighthouse measured them. */
export interface PerformanceFigures {
  /** Cumulative layout shift (unitless). */
  cls?: number;
  /** Largest contentful paint, first contentful paint and total blocking time, in ms. */
  lcp?: number;
  fcp?: number;
  tbt?: number;
  /** The largest contentful paint's element, as Lighthouse quotes it (its opening tag). */
  lcpElement?: string;
}

/** A node as Lighthouse quotes it in a table's row. */
interface NodeItem {
  node?: { snippet?: string };
  items?: NodeItem[];
}

/** CLS, LCP, FCP, TBT and the LCP element of a report (absent: not in the report). */
export function performanceFigures(report: LighthouseJson): PerformanceFigures {
  const value = (id: string) => {
    const n = report.audits[id]?.numericValue;
    return typeof n === 'number' ? n : undefined;
  };
  // Lighthouse 12 nests the element in a table of tables; earlier versions list it directly.
  const first = report.audits['largest-contentful-paint-element']?.details?.items?.[0] as
    NodeItem | undefined;
  const lcpElement = first?.node?.snippet ?? first?.items?.[0]?.node?.snippet;
  const figures: PerformanceFigures = {
    cls: value('cumulative-layout-shift'),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    lcpElement,
  };
  return Object.fromEntries(
    Object.entries(figures).filter(([, v]) => v !== undefined),
  ) as PerformanceFigures;
}
