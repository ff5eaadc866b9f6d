// Lint rules, including the one-way dependency flow of STYLE.md: domain imports nothing of ours,
// the client never imports the server, the server never imports the client.
import path from 'node:path';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noImport = (patterns, message) => [
  'error',
  { patterns: patterns.map((group) => ({ group: [group], message })) },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'server/db/migrations',
      'test-results',
      'playwright-report',
      'bench/results',
      'client/public',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['domain/**'],
    rules: {
      'no-restricted-imports': noImport(
        ['**/server/**', '**/client/**', '@/*', 'react', 'fastify', 'drizzle-orm*'],
        'domain/ is pure: no framework, server or client imports',
      ),
    },
  },
  {
    files: ['client/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': noImport(
        ['**/server/**', 'drizzle-orm*', 'pg', 'fastify*'],
        'the client never imports server code',
      ),
    },
  },
  {
    // docs/api.md "Types for the client": every call of the client takes its answer's type from the
    // endpoint its route declares (callApi / apiQuery / readApi), never from a type written at the call.
    // lib/api.ts holds the typed readers those are built on.
    files: ['client/src/**'],
    ignores: ['client/src/lib/api.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.name=/^(apiJson|getJson|getJsonWithHeaders|getQueryFn|queryOptions|useQuery|useSuspenseQuery)$/][typeArguments]',
          message:
            "No hand-typed answer: call the endpoint from domain/endpoints/ with callApi / apiQuery / readApi (docs/api.md, 'Types for the client').",
        },
      ],
    },
  },
  // ---------------------------------------------------------------------------------------------------
  // Client feature boundaries (issue 21, STYLE.md convention 2; eslint-plugin-boundaries).
  // Elements: app/ (the composition root: router, layout, providers, the pages that compose features),
  // features/<name>/ (one per domain), the shared folders components/, lib/, hooks/ and main.tsx.
  // - A feature imports another feature only through its public entry `index.ts` (the few named
  //   exports others use); its own files import each other directly, never through that entry.
  // - app/ may import any file of a feature: it decides what each lazily loaded chunk carries (the
  //   router's pages, the dashboards, the /settings sections), so no entry drags a page into another.
  // - The shared folders never import a feature or app/; a feature never imports app/.
  // No cycles between files or folders is dependency-cruiser's check (`npm run lint:structure`).
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [path.resolve(import.meta.dirname, 'eslint-alias-resolver.cjs')]: {} },
      'boundaries/root-path': import.meta.dirname,
      // Static imports, re-exports and import() alike.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [
        { type: 'client-app', pattern: 'client/src/app' },
        { type: 'client-feature', pattern: 'client/src/features/*', capture: ['feature'] },
        { type: 'client-shared', pattern: 'client/src/(components|lib|hooks)' },
        { type: 'domain', pattern: 'domain' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          // Also look at imports inside one feature (a feature's files must not use its own entry).
          checkInternals: true,
          policies: [
            {
              from: { element: { type: 'client-feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'client-feature',
                    captured: { feature: '!{{from.element.captured.feature}}' },
                    fileInternalPath: '!index.ts',
                  },
                },
              },
              message:
                'A feature imports another feature only through its public entry (features/<name>/index.ts): export what you need there, lift what both need to components/ or lib/, or compose the two in app/.',
            },
            {
              from: { element: { type: 'client-feature' } },
              disallow: {
                to: { element: { type: 'client-feature', fileInternalPath: 'index.ts' } },
                dependency: { relationship: { to: 'internal' } },
              },
              message:
                "A feature's own files import each other directly, not through its public entry (index.ts is for other features).",
            },
            {
              from: { element: { types: { anyOf: ['client-feature', 'client-shared'] } } },
              disallow: { to: { element: { type: 'client-app' } } },
              message:
                'Only main.tsx imports app/: features and shared code are composed by it, never the reverse.',
            },
            {
              from: { element: { type: 'client-shared' } },
              disallow: { to: { element: { type: 'client-feature' } } },
              message:
                'components/, lib/ and hooks/ are shared by every feature and import none: pass what differs as props or arguments.',
            },
          ],
        },
      ],
    },
  },
  // --- end of the client feature boundaries ---------------------------------------------------------
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': noImport(
        ['**/client/**', '@/*', 'react', 'react-dom'],
        'the server never imports client code',
      ),
    },
  },
  {
    // No module-level state on the server: what outlives a request (caches, hooks, registries) lives
    // in the one app context (server/context.ts), so two apps in one process never share it and every
    // instance starts the same. Constant lookup tables (`new Set([...])`) are fine.
    files: ['server/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Program', 'Program > ExportNamedDeclaration'].flatMap((scope) => [
          {
            selector: `${scope} > VariableDeclaration[kind=/^(let|var)$/]`,
            message: 'No module-level `let`: keep state in the app context (server/context.ts).',
          },
          {
            selector: `${scope} > VariableDeclaration > VariableDeclarator > NewExpression[callee.name=/^(Map|WeakMap|WeakSet|LRUCache|EventEmitter)$/]`,
            message: 'No module-level cache or registry: put it in the app context (server/context.ts).',
          },
          {
            selector: `${scope} > VariableDeclaration > VariableDeclarator > NewExpression[callee.name='Set'][arguments.length=0]`,
            message: 'No module-level registry: put it in the app context (server/context.ts).',
          },
        ]),
      ],
    },
  },
  // ---- Server feature boundaries (issue 21, eslint-plugin-boundaries) ----------------------------
  // Every folder under server/features/ is a feature. Anything outside a feature (another feature,
  // app.ts, context.ts, the jobs, the checks, the seed, scripts, bench, the test kit) imports it only
  // through its public entry, server/features/<name>/index.ts; files inside a feature (its tests too)
  // import each other freely. The cycles between folders are dependency-cruiser's job
  // (npm run lint:structure). v7 folds the old entry-point and element-types rules into `dependencies`.
  {
    files: ['server/**', 'test/**', 'scripts/**', 'bench/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['server/**', 'test/**', 'scripts/**', 'bench/**'],
      'boundaries/elements': [
        { type: 'server-feature', pattern: 'server/features/*', mode: 'folder', capture: ['feature'] },
        // Everything else that may import a feature: the app's infrastructure and composition, the
        // seed, the test kit, the scripts and the benchmarks.
        { type: 'feature-user', pattern: ['server', 'test', 'scripts', 'bench'], mode: 'folder' },
      ],
      'boundaries/legacy-warnings': false,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              disallow: { to: { element: { type: 'server-feature', fileInternalPath: '!index.ts' } } },
              message:
                'Import a server feature only through its public entry (server/features/<name>/index.ts).',
            },
            // Within one feature (its subfolders and tests included) files import each other freely.
            {
              dependency: { relationship: { to: 'internal' } },
              allow: { to: { element: { type: 'server-feature' } } },
            },
          ],
        },
      ],
    },
  },
  // ---- end of the server feature boundaries -------------------------------------------------------
  {
    files: ['scripts/**', 'bench/**', 'test/**', 'e2e/**', '**/*.test.ts', 'server/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
