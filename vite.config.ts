import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readableTones } from './client/lib/theme-tokens.ts';

const apiPort = process.env.API_PORT ?? '3001';

const compressible = /\.(?:js|css|html|svg|json|webmanifest)$/;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text
 * file of the build, so the server sends them precompressed (`preCompressed` in
 * server/plugins/client.ts) without compressing on each request. It runs last, once the
 * service worker (sw.js, workbox-*.js) and the manifest are written, so they are compressed too.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'eldercare-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const files = readdirSync(outDir, { recursive: true, withFileTypes: true });
        for (const entry of files) {
          if (!entry.isFile() || !compressible.test(entry.name)) continue;
          const file = path.join(entry.parentPath, entry.name);
          const content = readFileSync(file);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

/**
 * MUI's `createTheme` and `ThemeProvider` also carry the CSS-variables theme
 * (`createThemeWithVars`, `CssVarsProvider` and the colour-scheme script and storage behind
 * them) for a theme made with `cssVariables` or `colorSchemes`. `buildTheme`
 * (client/app/theme.ts) makes neither, so `createTheme` takes its plain branch and
 * `ThemeProvider` its no-variables one, and that code never runs; it is still downloaded and
 * parsed before the first screen (about 12 KB gzipped on every page). The build replaces those
 * two modules with ones that fail loudly if a CSS-variables theme is ever made. Tests and the
 * dev server use MUI as it is.
 */
function muiWithoutCssVariables(): Plugin {
  const replaced =
    /[\\/]@mui[\\/]material[\\/]styles[\\/](createThemeWithVars|ThemeProviderWithVars)\.mjs$/;
  const refuse = `() => { throw new Error('CSS-variables themes are left out of the build (see vite.config.ts)'); }`;
  return {
    name: 'eldercare-mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const module = replaced.exec(id)?.[1];
      if (module === 'createThemeWithVars') {
        return `const refuse = ${refuse};\nexport const createGetCssVar = refuse;\nexport default refuse;\n`;
      }
      if (module === 'ThemeProviderWithVars') {
        return [
          `const refuse = ${refuse};`,
          'export const CssVarsProvider = refuse;',
          'export const useColorScheme = refuse;',
          'export const getInitColorSchemeScript = refuse;',
          'export const Experimental_CssVarsProvider = refuse;',
          '',
        ].join('\n');
      }
      return null;
    },
  };
}

/**
 * React Router's package sends every bundler to its development build, which keeps the warnings
 * and checks meant for development. The production build beside it in the package is the same
 * API without them, 0.4 KB less gzipped on every page. The build takes it; tests and the dev
 * server keep the warnings.
 */
function reactRouterProduction(): Plugin {
  const folder = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  const production = path.join(folder, 'dist/production/index.mjs');
  return {
    name: 'eldercare-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === 'react-router' ? production : null;
    },
  };
}

/**
 * The installable app: the web manifest and a service worker (Workbox, generateSW) that keeps
 * the app's own files, so every screen opens with no connection. It keeps no API answer: what
 * a screen read is kept per account by the app itself (in IndexedDB), never in the browser's
 * Cache Storage. A new version waits until the user says Reload
 * (client/app/app-update.tsx).
 */
const pwa = VitePWA({
  registerType: 'prompt',
  // client/app/app-update.tsx registers the worker (virtual:pwa-register/react).
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'ElderCare System',
    short_name: 'ElderCare',
    description: 'Care for older people at home: patients, visits, medication rounds and records.',
    lang: 'en',
    // '/' leads to /login, which sends a signed-in user on to their own dashboard.
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // The top bar's blue and the light page (client/app/theme.ts).
    theme_color: readableTones.fill.primary,
    background_color: '#F9FAFC',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The icons are precached by globPatterns below (client/public is copied into the build).
  includeManifestIcons: false,
  workbox: {
    // Every script and style (each screen's lazy chunk too), the page, the icons and the fonts.
    // Only .woff2: every browser with service workers reads it, so the .woff copies are never
    // asked for. The .br and .gz copies are the same files for the server to send.
    globPatterns: ['**/*.{js,css,html,woff2,png,svg}'],
    globIgnores: ['**/*.br', '**/*.gz', '**/*.woff'],
    // Any page of the app opens index.html from the precache; the API (and its reference page
    // under /api/docs) is never answered by the worker.
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api(?:\/|$)/],
    cleanupOutdatedCaches: true,
    // The first worker takes charge of the open page at once, so the screens not opened yet
    // load offline without a reload first. A later version still waits for Reload: it is never
    // told to skip waiting until then (registerType 'prompt').
    clientsClaim: true,
    // No runtimeCaching: API answers carry health data and must not land in Cache Storage.
  },
});

/**
 * Rewrites the client's `import { Box, Card } from '@mui/material'` into one import per
 * component (`import Box from '@mui/material/Box'`), as MUI documents, in the build only.
 * The bundle is the same; the module graph then says which components a module uses, where
 * the barrel (`@mui/material`, which imports every component) made each module seem to import
 * all of them. `firstVisitChunks` reads that graph. Only a name the barrel exports as the
 * default of its own folder is rewritten; others (`useTheme`, types) stay with the barrel.
 */
function muiDeepImports(): Plugin {
  // The names the barrel exports as the default of their own folder
  // (`export { default as Box } from "./Box/index.mjs"`): exactly those are rewritten.
  const barrel = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@mui/material/package.json')),
    'index.mjs',
  );
  const ownFolder = new Set(
    [
      ...readFileSync(barrel, 'utf8').matchAll(
        /^export \{ default as (\w+) \} from "\.\/(\w+)\/index\.mjs";$/gm,
      ),
    ]
      .filter(([, name, folder]) => name === folder)
      .map(([, name]) => name!),
  );
  const deep = (name: string) => ownFolder.has(name);
  return {
    name: 'eldercare-mui-deep-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]client[\\/].+\.tsx?$/.test(id) || !code.includes("'@mui/material';")) return null;
      return code.replace(/import \{([^}]*)\} from '@mui\/material';/g, (_, names: string) => {
        const kept: string[] = [];
        const types: string[] = [];
        const lines: string[] = [];
        for (const spec of names
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)) {
          const [name, local = name] = spec.split(/\s+as\s+/);
          if (spec.startsWith('type ')) types.push(spec.slice('type '.length));
          else if (deep(name!)) {
            lines.push(`import ${local} from '@mui/material/${name}';`);
          } else kept.push(spec);
        }
        if (kept.length > 0) lines.push(`import { ${kept.join(', ')} } from '@mui/material';`);
        // Type-only names go in an import of types, which the build removes whole.
        if (types.length > 0)
          lines.push(`import type { ${types.join(', ')} } from '@mui/material';`);
        return lines.join(' ');
      });
    },
  };
}

/**
 * Fewer, larger chunks on a first visit. A phone on a slow connection pays a round trip for
 * every file, and the build split the first screens into 26 files (/login) to 84 (the
 * caregiver's dashboard), most of them one or two KB of MUI. Two groups are built as one file
 * each:
 * - `entry`: everything the entry (client/main.tsx) imports statically, which every screen
 *   loads before anything else;
 * - `frame`: what the signed-in frame (client/app/layout.tsx) imports statically, which every
 *   signed-in screen loads beside its page, less the entry's and less anything a public screen
 *   (the pages of client/features/auth, the not-found page) may load, with all it imports in
 *   turn: those stay in the chunks they were in, so a public screen loads only what it did.
 *   The group takes only these modules (`includeDependenciesRecursively: false`); their
 *   other imports are the entry's or the public screens', which never import the frame's.
 * The sets are read from the module graph once it is complete (`buildEnd`), before the chunks
 * are made; the entry's imports are followed only where they do not pass through a barrel (a
 * module that only re-exports others), which could name modules the entry never loads. Every
 * other module is split as before, by the screens that import it. The build fails if a public
 * screen's chunks still import the frame's.
 */
function firstVisitChunks(): { plugins: Plugin[]; groups: Rolldown.CodeSplittingGroup[] } {
  const frame = new Set<string>();
  const publicPage =
    /[\\/]client[\\/](?:features[\\/]auth[\\/][^\\/]+-page|app[\\/]not-found-page)\.tsx$/;
  const plugin: Plugin = {
    name: 'eldercare-first-visit-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const layout = ids.find((id) => /[\\/]client[\\/]app[\\/]layout\.tsx$/.test(id));
      const entry = ids.find((id) => /[\\/]client[\\/]main\.tsx$/.test(id));
      if (!layout || !entry) return;
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      // A barrel: it only re-exports (`export * from`, `export { x } from`).
      const isBarrel = (id: string) => {
        const code = this.getModuleInfo(id)?.code ?? '';
        return importsOf(id).length > 3 && !/^(?!export\b|import\b|\s|\/|\*|"use|'use)/m.test(code);
      };
      const closure = (roots: string[], through: (id: string) => boolean = () => true) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          if (through(id)) stack.push(...importsOf(id));
        }
        return seen;
      };
      const initial = closure([entry], (id) => !isBarrel(id));
      const shared = new Set(
        [...closure(ids.filter((id) => publicPage.test(id)))].filter((id) => !initial.has(id)),
      );
      for (const id of closure([layout])) {
        if (!initial.has(id) && !shared.has(id)) frame.add(id);
      }
    },
  };
  const guard: Plugin = {
    name: 'eldercare-first-visit-chunks-guard',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunksOf = Object.values(bundle).filter((c) => c.type === 'chunk');
      const frameFile = chunksOf.find((c) => c.name === 'frame')?.fileName;
      if (!frameFile) return;
      const byFile = new Map(chunksOf.map((c) => [c.fileName, c]));
      for (const page of chunksOf.filter(
        (c) => c.facadeModuleId && publicPage.test(c.facadeModuleId),
      )) {
        const seen = new Set<string>();
        const stack = [page.fileName];
        while (stack.length > 0) {
          const file = stack.pop()!;
          if (seen.has(file)) continue;
          seen.add(file);
          if (file === frameFile) {
            this.error(
              `${page.facadeModuleId} would load the signed-in frame's chunk (see firstVisitChunks)`,
            );
          }
          stack.push(...(byFile.get(file)?.imports ?? []));
        }
      }
    },
  };
  return {
    plugins: [plugin, guard],
    groups: [
      { name: 'entry', tags: ['$initial'], priority: 2 },
      {
        name: 'frame',
        test: (id) => frame.has(id),
        priority: 1,
        includeDependenciesRecursively: false,
      },
    ],
  };
}

const chunks = firstVisitChunks();

export default defineConfig({
  root: 'client',
  plugins: [
    react(),
    muiWithoutCssVariables(),
    reactRouterProduction(),
    muiDeepImports(),
    ...chunks.plugins,
    pwa,
    precompress(),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Every browser the build targets but Safari 16 preloads modules itself; there the polyfill
    // would only fetch a screen's chunks earlier. Left out, it is 0.6 KB less on every page.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
    // Font files stay files: the small ones (Roboto's Greek-extended subset, .woff2 and .woff
    // fallback) would be inlined as base64 into every page's CSS, although a browser fetches a
    // subset only when the text needs it.
    assetsInlineLimit: (file) => (/\.(?:woff2?|ttf|otf)$/.test(file) ? false : undefined),
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
