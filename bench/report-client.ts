import { GOALS } from './goals.ts';
import type { Report } from './report-types.ts';
import { kb, LOGIN_JS_TARGET_KB, pct, row, type Push } from './report-format.ts';

/** What a first visit to each route downloads, and what /login is made of. */
export function clientSection(report: Report, push: Push): void {
  push('## Client weight', '');
  if (report.client) {
    push(
      "From the production build (same `vite.config.ts`, built with a manifest): what a first visit to each route downloads before it renders: the entry chunk with its static imports and CSS, plus the route's lazily loaded page chunk with its static imports and CSS (what Vite preloads), and for a signed-in screen the signed-in frame's (client/app/layout.tsx, loaded beside the page). Routes and their pages come from the screen registry (client/app/navigation.ts). Sizes gzipped at level 9; fonts and images not included.",
      '',
      '| Route | JS files | JS gzipped | CSS gzipped | JS uncompressed | target |',
      '| --- | ---: | ---: | ---: | ---: | --- |',
    );
    for (const r of report.client) {
      const budget = r.route === '/login' ? LOGIN_JS_TARGET_KB : GOALS.firstScreenKb;
      const target = r.jsGzip / 1024 <= budget ? `≤ ${budget} KB: met` : `≤ ${budget} KB: **over**`;
      push(
        row([
          `${r.route}${r.page ? '' : ' (page chunk not found)'}`,
          String(r.jsFiles),
          `${kb(r.jsGzip)} KB`,
          `${kb(r.cssGzip)} KB`,
          `${kb(r.jsRaw)} KB`,
          target,
        ]),
      );
    }
    push('');
    if (report.assetEncoding) {
      push(
        report.assetEncoding === 'none'
          ? '**The production server sends these files uncompressed** (no `content-encoding` on the entry script for a browser that accepts gzip and br): a first visit transfers the uncompressed sizes. Serving precompressed files (`.gz`/`.br` written at build time, `preCompressed: true` in @fastify/static) or @fastify/compress would bring the transfer down to the gzipped column.'
          : `The production server sends the entry script with \`content-encoding: ${report.assetEncoding}\`.`,
        '',
      );
    }
    const login = report.client.find((r) => r.route === '/login');
    if (login) {
      push(
        "What /login loads, largest files first (gzipped size; contents by share of the chunk's code):",
        '',
      );
      for (const chunk of login.largest) {
        const owners = report.chunkContents.get(chunk.file);
        let inside = '';
        if (owners) {
          const total = [...owners.values()].reduce((a, b) => a + b, 0) || 1;
          inside = [...owners.entries()]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 6)
            .map(([owner, bytes]) => `${owner} ${pct(bytes / total)}`)
            .join(', ');
        }
        push(`- \`${chunk.file}\`: ${kb(chunk.gzip)} KB${inside ? ` (${inside})` : ''}`);
      }
      push('');
    }
  } else {
    push(report.clientNote || 'not measured', '');
  }
}

/** Lighthouse scores of the login page, the dashboards and the patient chart. */
export function lighthouseSection(report: Report, push: Push): void {
  push('## Lighthouse', '');
  if (report.lighthouse.length > 0) {
    push(
      `Lighthouse (default mobile profile with simulated throttling) against the app on the ${report.scenarios[0]?.id ?? 'first scenario'} data, served by the production server, signed in by session cookie for the dashboards and the chart (the doctor opening the patient with the longest history; the coordinator is an account made for the run). LCP, TBT (total blocking time) and CLS are Lighthouse's own figures behind the score. The seventh column lists the accessibility audits that did not pass, with the number of elements (audits of weight 0, such as label-content-name-mismatch, do not lower the score but are listed too).`,
      '',
      '| Route | performance | LCP | TBT | CLS | accessibility | failed accessibility audits | note |',
      '| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
      ...report.lighthouse.map((l) =>
        row([
          l.route,
          String(l.performance ?? '—'),
          l.lcp === undefined ? '—' : `${(l.lcp / 1000).toFixed(1)} s`,
          l.tbt === undefined ? '—' : `${l.tbt.toFixed(0)} ms`,
          l.cls === undefined ? '—' : l.cls.toFixed(3),
          String(l.accessibility ?? '—'),
          l.failedAudits?.length ? l.failedAudits.join(', ') : l.error ? '' : 'none',
          l.error ?? '',
        ]),
      ),
      '',
    );
  } else {
    push(report.lighthouseNote || 'not measured', '');
  }
}
