/** The parts of a Lighthouse JSON report the bench reads. */
export interface LighthouseJson {
  categories: Record<string, { score: number | null; auditRefs?: { id: string }[] }>;
  audits: Record<string, { score: number | null; details?: { items?: unknown[] } }>;
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
