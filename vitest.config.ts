import { defineConfig } from 'vitest/config';

// `npx vitest` at the root runs the unit and API tests (PGlite) of every workspace in one go.
// `npm test` (scripts/test.mjs) runs each of them on its own, plus PostgreSQL and the browser tests (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/web', 'apps/server'],
  },
});
