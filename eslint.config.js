// ESLint flat config for the whole monorepo: `npm run lint` = `eslint --max-warnings=0 .`
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_SRC = 'apps/web/src';
const CODE = '*.{ts,tsx,js,jsx}';
/** How deep below a feature or shared folder the boundary rules follow relative imports. */
const MAX_DEPTH = 6;

const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const up = (n) => `(\\.\\./){${n}}`;

/** apps/* import only packages/*: never another app, by package name or by path. */
const appBoundary = {
  web: [
    {
      regex: '^@lims/server(/|$)',
      message: 'apps/web 不能导入 apps/server：共享的类型和 schema 放在 packages/contracts。',
    },
    {
      regex: '(^|/)(apps/)?server/(src|test)(/|$)',
      message: 'apps/web 不能导入 apps/server：请改用 @lims/contracts。',
    },
  ],
  server: [
    {
      regex: '^@lims/web(/|$)',
      message: 'apps/server 不能导入 apps/web：共享的类型和 schema 放在 packages/contracts。',
    },
    { regex: '(^|/)(apps/)?web/(src|dist)(/|$)', message: 'apps/server 不能导入 apps/web：请改用 @lims/contracts。' },
  ],
};

/** Glob of the files exactly `depth` folders below `dir`. */
const filesAtDepth = (dir, depth) => [`${dir}/${'*/'.repeat(depth)}${CODE}`];

/** shared → features → app is one-way: shared imports neither features nor app. */
function sharedBoundaries() {
  return Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
    files: filesAtDepth(`${WEB_SRC}/shared`, depth),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...appBoundary.web,
            {
              regex: `^${up(depth + 1)}(features|app)(/|$)`,
              message: 'shared 是最底层：不能导入 features 或 app（把共用的部分移到 shared）。',
            },
          ],
        },
      ],
    },
  }));
}

/** A feature imports shared and contracts, never another feature and never app. */
function featureBoundaries() {
  const featuresDir = `${WEB_SRC}/features`;
  if (!existsSync(featuresDir)) return [];
  const features = readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory());
  return features.flatMap(({ name }) => {
    const self = escapeRegex(name);
    return Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
      files: filesAtDepth(`${featuresDir}/${name}`, depth),
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...appBoundary.web,
              {
                regex: `^(${up(depth + 1)}(?!${self}(/|$))[^./]|${up(depth + 2)}features/(?!${self}(/|$)))`,
                message: `features/${name} 不能导入其他 feature：共用的代码放到 shared，页面之间用路由跳转。`,
              },
              {
                regex: `^${up(depth + 2)}app(/|$)`,
                message: `features/${name} 不能导入 app（app 组装 features，反之不行）。`,
              },
            ],
          },
        ],
      },
    }));
  });
}

/**
 * A server module (apps/server/src/modules/<m>) imports platform/, db/, plugins/, security/,
 * contracts and its own folder. Another module only through its public entry `modules/<other>`
 * (its index.ts); its tests may also use another module's `*.test-kit.ts`.
 */
function serverModuleBoundaries() {
  const modulesDir = 'apps/server/src/modules';
  if (!existsSync(modulesDir)) return [];
  const modules = readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory());
  return modules.flatMap(({ name }) => {
    const self = escapeRegex(name);
    return Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => {
      const internals = (allowed) => ({
        regex: `^${up(depth + 1)}(?!${self}(/|$))[^./][^/]*/(?!index$${allowed})`,
        message: `modules/${name} 只能通过 modules/<其他模块>（其 index.ts）使用其他模块；共用的代码放到 platform/。`,
      });
      const layers = {
        regex: `^${up(depth + 2)}(?!(platform|db|plugins|security)(/|$))[^./]`,
        message: `modules/${name} 只能导入 platform/、db/、plugins/、security/、@lims/contracts 和本模块。`,
      };
      const dir = `${modulesDir}/${name}/${'*/'.repeat(depth)}`;
      const rules = (allowed) => ({
        'no-restricted-imports': ['error', { patterns: [...appBoundary.server, internals(allowed), layers] }],
      });
      return [
        { files: [`${dir}${CODE}`], rules: rules('') },
        { files: [`${dir}*.test.ts`, `${dir}*.test-kit.ts`], rules: rules('|[^/]+\\.test-kit$') },
      ];
    });
  });
}

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/data/**',
      'coverage/**',
      '**/coverage/**',
      'e2e/screenshots/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        // Each file is checked in the tsconfig.json nearest to it (apps/*, packages/contracts, e2e, bench);
        // the root vitest.config.ts belongs to none and gets TypeScript's default options.
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'max-lines': ['warn', { max: 300, skipBlankLines: true, skipComments: true }],
      // Off: Fastify plugins, hooks and handlers and antd validators are async by contract even when they
      // await nothing (61 findings, all of that kind); a promise-returning API is what they must be.
      '@typescript-eslint/require-await': 'off',
      // Route loaders throw redirects, as React Router's docs do (its redirect() is a Response).
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [{ from: 'lib', name: 'Response' }],
        },
      ],
      // Passing on a rejection reason we caught, unchanged, is fine.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    // Plain JavaScript (this config, scripts/*.mjs) has no types to check.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Response bodies in tests are `any` by design (Fastify's `inject().json()`, mock call arguments): the tests
    // read them and assert on their shape, so the rules against spreading `any` would flag every assertion.
    files: [
      '**/*.test.{ts,tsx}',
      '**/*.test-kit.ts',
      '**/test-utils.{ts,tsx}',
      'apps/web/src/testing/**',
      'apps/server/test/**',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Tests are lists of cases and scripts are sequences of steps: longer files read fine there.
    files: ['**/*.test.{ts,tsx}', 'apps/server/test/**', 'scripts/**'],
    rules: { 'max-lines': ['warn', { max: 450, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Pure data: migrations (ignored above) and seed data may be long.
    files: ['apps/server/src/db/seed-data/**', '**/seed-data.{ts,js}', '**/*.seed-data.{ts,js}'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: [`${WEB_SRC}/**/${CODE}`],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: [`apps/web/**/${CODE}`],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: [`apps/web/**/${CODE}`],
    rules: { 'no-restricted-imports': ['error', { patterns: appBoundary.web }] },
  },
  {
    files: [`apps/server/**/${CODE}`],
    rules: { 'no-restricted-imports': ['error', { patterns: appBoundary.server }] },
  },
  ...sharedBoundaries(),
  ...featureBoundaries(),
  ...serverModuleBoundaries(),
);
