/**
 * A short readable summary of a User-Agent header ("Chrome on Android", "Safari on iPhone"):
 * enough for a person to recognise their own devices, not a full parser. Order matters: many
 * browsers name the ones they derive from (Edge says Chrome and Safari, Chrome says Safari).
 */
const browsers: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
  [/\bnode-fetch\b|\bundici\b|\bnode\b/i, 'Node.js'],
  [/\blightMyRequest\b/, 'Test client'],
];

const systems: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: ReadonlyArray<readonly [RegExp, string]>, text: string) =>
  list.find(([pattern]) => pattern.test(text))?.[1];

export const UNKNOWN_DEVICE = 'Unknown device';

/** "Browser on system", one of them alone when the other is unknown, or "Unknown device". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const browser = first(browsers, userAgent);
  const system = first(systems, userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}
