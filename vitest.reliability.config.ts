import { defineConfig } from 'vitest/config';

/**
 * The crash test of the built server (`npm run test:reliability`, run by CI after `npm test`):
 * a configuration of its own, so that `npm run test:unit` never runs it.
 */
export default defineConfig({
  test: {
    name: 'reliability',
    include: ['server/reliability/**/*.reliability.ts'],
    environment: 'node',
    // About 90 s for both databases on an idle two-core machine; room for a busy one.
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
