import type { LoadResult } from './load.ts';

/** Adds lines to the report being written. */
export type Push = (...lines: string[]) => void;

/** Gzipped JavaScript budget of /login. */
export const LOGIN_JS_TARGET_KB = 150;
/** A list endpoint should reach this share of the floor's throughput. */
export const RATIO_TARGET = 0.7;
/** 1M throughput below this share of 10k is "not flat". */
export const FLAT_SHARE = 0.8;

/** Bytes as KB with one decimal. */
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
/** A whole number with thousands separators. */
/** Bytes as whole megabytes (10^6), the unit every memory figure of the bench is given in. */
export const mb = (bytes: number) => (bytes / 1e6).toFixed(0);

export const int = (n: number) => Math.round(n).toLocaleString('en-US');
/** Milliseconds: one decimal below 10, whole above. */
export const ms = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());
/** A share as a whole percentage. */
export const pct = (n: number) => `${Math.round(n * 100)}%`;
/** A ratio with two decimals. */
export const ratio = (n: number) => n.toFixed(2);

/** The five cells of one measured run: req/s, p50, p99, errors and the share of the floor. */
export function cells(
  result: LoadResult | undefined,
  floor: LoadResult | null,
  note?: string,
): string[] {
  if (!result) return [note ? 'n/a' : '—', '', '', '', ''];
  return [
    int(result.rps),
    ms(result.p50),
    ms(result.p99),
    result.errors === 0 ? '0' : `**${result.errors}**`,
    floor ? ratio(result.rps / floor.rps) : '',
  ];
}

/** One Markdown table row. */
export function row(values: string[]): string {
  return `| ${values.join(' | ')} |`;
}
