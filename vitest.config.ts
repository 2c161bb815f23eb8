import { defineConfig } from 'vitest/config';

// Test tiers: unit tests sit beside the code; the server's integration suite runs on
// in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. Files named
// `*.postgres.test.ts` test what only PostgreSQL has (connections to lose) and run there only.
const integration = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/test/**/*.test.ts'],
    exclude: database === 'pglite' ? ['apps/server/test/**/*.postgres.test.ts'] : [],
    env: { TERN_TEST_DB: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The files of a worker share one module graph: importing the server afresh for each file
    // took 105 s of the suite's 424 (265 s in all without it). No file patches a module or
    // keeps state outside its own hooks.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/*/scripts/**/*.test.ts',
          ],
          exclude: ['apps/web/src/**/*.test.tsx'],
          testTimeout: 15_000,
          // A hook that opens an embedded database waits for its wasm on a busy machine.
          hookTimeout: 30_000,
        },
      },
      {
        // The web app's components and hooks, rendered with Testing Library in a DOM
        // (as bulletproof-react tests its components); HTTP is faked at `fetch`.
        test: {
          name: 'unit-components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          // A page rendered in jsdom and typed into key by key takes seconds on a busy machine.
          testTimeout: 30_000,
        },
      },
      integration('integration', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('integration-postgres', 'postgres')] : []),
    ],
  },
});
