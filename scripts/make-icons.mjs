/**
 * Draws the app's icons (a white house with a heart in it, on the top bar's blue) and renders
 * them to PNG with Chromium, into client/public/icons/. Run by hand when the mark changes; the
 * PNGs are kept in the repository, so the build does not need a browser:
 *
 *   node scripts/make-icons.mjs
 *
 * CHROMIUM_PATH names the browser (default /usr/bin/chromium-headless-shell).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'client/public/icons');

/** The top bar's fill (client/lib/theme-tokens.ts): white reads on it at 5:1. */
const blue = '#2170CD';

/**
 * The mark on a 512 × 512 grid, centred on (256, 256): a house (roof with eaves, walls) and a
 * heart cut out of it in the background colour.
 */
const house = '256,92 452,260 404,260 404,420 108,420 108,260 60,260';
const heart =
  'M256 392 C256 392 176 340 176 292 C176 266 196 248 218 248 C236 248 250 258 256 272 ' +
  'C262 258 276 248 294 248 C316 248 336 266 336 292 C336 340 256 392 256 392 Z';

/**
 * One icon as SVG. `scale` shrinks the mark about the centre; `radius` rounds the square's
 * corners (0: the square fills the whole image, as maskable and Apple icons must).
 */
function iconSvg({ scale, radius }) {
  const offset = 256 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <rect width="512" height="512" rx="${radius}" fill="${blue}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <polygon points="${house}" fill="#FFFFFF" stroke="#FFFFFF" stroke-width="24" stroke-linejoin="round"/>
    <path d="${heart}" fill="${blue}"/>
  </g>
</svg>
`;
}

/**
 * The icons the manifest and index.html name. A maskable icon is cropped by the phone to a
 * circle or another shape: everything that matters stays inside the middle 80 % (the mark,
 * scaled to 0.72, reaches 160 px from the centre, under the safe zone's 205).
 */
const icons = [
  { file: 'icon-192.png', size: 192, scale: 0.86, radius: 96 },
  { file: 'icon-512.png', size: 512, scale: 0.86, radius: 96 },
  { file: 'maskable-512.png', size: 512, scale: 0.72, radius: 0 },
  { file: 'apple-touch-icon-180.png', size: 180, scale: 0.8, radius: 0 },
  { file: 'favicon-32.png', size: 32, scale: 0.92, radius: 64 },
];

mkdirSync(outDir, { recursive: true });
// The browser tab's icon as SVG: sharp at any size.
writeFileSync(path.join(outDir, 'icon.svg'), iconSvg({ scale: 0.92, radius: 64 }));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, scale, radius } of icons) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">` +
        iconSvg({ scale, radius }).replace(
          'width="512" height="512"',
          `width="${size}" height="${size}"`,
        ) +
        `</body></html>`,
    );
    await page.screenshot({
      path: path.join(outDir, file),
      clip: { x: 0, y: 0, width: size, height: size },
      omitBackground: true,
    });
    console.log(`wrote client/public/icons/${file}`);
  }
} finally {
  await browser.close();
}
