import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { namedUpward, readFloors } from './backend/scripts/floors.mjs';

/**
 * The layers: the files of `folder` may not import from its sibling folders `forbidden`. One pattern per depth (a
 * file n folders down climbs n + 1 levels to leave `folder`), so a subfolder named like a sibling is not mistaken
 * for it. Relative imports only: the code has no path aliases.
 */
function layer(folder, forbidden, message, ignores = [], allowed = []) {
  const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const except = allowed.length > 0 ? `(?!(${allowed.map(escape).join('|')})$)` : '';
  return [0, 1, 2, 3, 4].map((depth) => ({
    files: [`${folder}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: `^(\\.\\./){${depth + 1}}${except}(${forbidden.map(escape).join('|')})(/|$)`, message }] },
      ],
    },
  }));
}

/**
 * The backend's floors, from docs/architecture.md (backend/scripts/floors.mjs reads the same block): a folder may not
 * import one on a higher floor, nor the files at backend/src itself (the top), but for the upward imports named there.
 */
const BACKEND_SRC = new URL('backend/src', import.meta.url);
const BACKEND_FLOORS = readFloors(fileURLToPath(BACKEND_SRC));
const BACKEND_TOP_FILES = readdirSync(BACKEND_SRC, { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => entry.name.replace(/\.ts$/, ''));
const backendFloors = () =>
  [...BACKEND_FLOORS]
    .filter(([folder]) => folder !== '.')
    .flatMap(([folder, floor]) => {
      const above = [...BACKEND_FLOORS].filter(([other, n]) => n > floor && other !== '.').map(([other]) => other);
      const forbidden = [...above, ...BACKEND_TOP_FILES];
      const allowed = namedUpward()
        .filter(({ from }) => from.startsWith(`${folder}/`))
        .map(({ to }) => to);
      return forbidden.length === 0
        ? []
        : layer(
            `backend/src/${folder}`,
            forbidden,
            `backend/src/${folder} is on floor ${floor} (docs/architecture.md, "Layers"): it imports no folder above it (${above.join(', ')}). Hand it what it needs at composition, or name the import there.`,
            [],
            allowed,
          );
    });

/** The tables whose SQL, reads included, only their owning folder writes (docs/architecture.md, "SQL owner"). */
const OWNED_TABLES = [
  ['sessions', 'sessions'],
  ['patients', 'patients'],
  ['session_drafts', 'drafts'],
];

/** react-admin's ways to the data provider; only the features' query files use them. */
const DATA_HOOKS = [
  'useDataProvider',
  'useGetList',
  'useGetOne',
  'useGetMany',
  'useGetManyReference',
  'useCreate',
  'useUpdate',
  'useDelete',
];

/**
 * An effect's callback returns its cleanup or nothing: a body in braces, or an arrow that is the cleanup. React takes
 * whatever it returns for the cleanup and calls it when the screen closes; a call's value returned by mistake breaks
 * the page then (current Chrome's `window.scrollTo` returns a promise: leaving 'Qué se envía a la IA' showed "Algo
 * salió mal"). TypeScript lets it through, as a function returning anything fits one returning void.
 */
const effectReturnsOnlyCleanup = {
  meta: { type: 'problem', messages: { value: "An effect's callback returns nothing but its cleanup: put its body in braces." } },
  create: (context) => ({
    CallExpression(node) {
      const name = node.callee.type === 'MemberExpression' ? node.callee.property.name : node.callee.name;
      const callback = node.arguments[0];
      if (!/^use(Layout|Insertion)?Effect$/.test(name ?? '') || callback?.type !== 'ArrowFunctionExpression') return;
      if (callback.expression && !['ArrowFunctionExpression', 'FunctionExpression'].includes(callback.body.type)) {
        context.report({ node: callback.body, messageId: 'value' });
      }
    },
  }),
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, consulta: { rules: { 'effect-returns-only-cleanup': effectReturnsOnlyCleanup } } },
    rules: { ...reactHooks.configs.recommended.rules, 'consulta/effect-returns-only-cleanup': 'error' },
  },
  ...layer(
    'frontend/src/public',
    ['therapist', 'patient', 'shell'],
    'Public pages do not import the signed-in shells (nor react-admin: /login stays small). Shared code lives in components/.',
  ),
  ...layer(
    'frontend/src/components',
    ['app', 'therapist', 'patient', 'public', 'shell'],
    'components/ is the app-free layer every area uses: give it what it needs as props (or move the piece to shell/).',
  ),
  ...layer(
    'frontend/src/shell',
    ['therapist', 'patient', 'public'],
    'The shell both areas render through knows neither area: they hand it their sections.',
  ),
  ...layer(
    'frontend/src/therapist',
    ['patient', 'public'],
    'A shell does not import the other shell: shared code lives in components/ or shell/.',
  ),
  ...layer(
    'frontend/src/patient',
    ['therapist', 'public'],
    'A shell does not import the other shell: shared code lives in components/ or shell/.',
  ),
  {
    // One way to the server: a screen uses its feature's query hooks (`*Queries.ts`), which alone hold the data provider.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/**/*Queries.ts', 'frontend/src/app/**', 'frontend/src/**/*.test.{ts,tsx}', 'frontend/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `ImportDeclaration[source.value=/^(react-admin|ra-core)$/] > ImportSpecifier[imported.name=/^(${DATA_HOOKS.join('|')})$/]`,
          message: "Reach the server through a hook of the feature's *Queries.ts file, not the data provider or react-admin's CRUD hooks.",
        },
      ],
    },
  },
  ...backendFloors(),
  {
    // One owner per table, reads included: SQL that names these tables lives in their own folders; others import
    // the owner's fragments or functions (sessions/session-reads.sql.ts, patients/patient-reads.sql.ts, drafts/draft-reads.sql.ts).
    files: ['backend/src/**/*.ts'],
    ignores: [
      ...OWNED_TABLES.map(([, folder]) => `backend/src/${folder}/**`),
      // Migrations and seeders write the schema and the demo; the backup copies every table as it is.
      'backend/src/database/migrations/**',
      'backend/src/database/seeders/**',
      'backend/src/backup/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['TemplateElement[value.raw', 'Literal[value'].map((node) => ({
          selector: `${node}=/\\b(from|join|update|into)\\s+"?(${OWNED_TABLES.map(([table]) => table).join('|')})\\b/i]`,
          message: `SQL of ${OWNED_TABLES.map(([table, folder]) => `${table} lives in ${folder}/`).join(', ')}: import the owner's fragment or function.`,
        })),
      ],
    },
  },
  // Layout is Prettier's (npm run format): no ESLint rule may disagree with it.
  prettier,
);
