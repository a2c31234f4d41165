import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves one core to its own process, which on a two-core machine means one
    // test file at a time; that process mostly waits, so every core runs a file.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'shared',
          include: ['shared/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file builds its own app on its own database; the modules (Fastify, Drizzle, the
          // routes) are imported once per worker instead of once per file, which was most of the
          // suite's CPU time. No server test replaces a module (vi.mock) or changes the
          // environment.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          exclude: ['client/**/*.isolated.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['client/test/setup.ts'],
          // A screen test renders, types and waits several times; beside the server's tests on a
          // busy two-core machine that can pass 5 s.
          testTimeout: 20_000,
          // One jsdom and one module graph per worker rather than per file: setting up jsdom and
          // importing MUI again for each file cost more than the tests themselves. Each test
          // renders with its own query client and router, and Testing Library unmounts after
          // each test. A file that replaces a module (vi.mock) needs modules of its own: it is
          // named *.isolated.test.tsx and runs in the project below.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client-isolated',
          include: ['client/**/*.isolated.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['client/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
