// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

const noUnsafe = [
  '@typescript-eslint/no-unsafe-argument',
  '@typescript-eslint/no-unsafe-assignment',
  '@typescript-eslint/no-unsafe-call',
  '@typescript-eslint/no-unsafe-member-access',
  '@typescript-eslint/no-unsafe-return',
];
const setAll = (rules, level) => Object.fromEntries(rules.map((rule) => [rule, level]));

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'oclif.manifest.json', 'coverage/'] },
  eslint.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Files outside tsconfig.json's include (the tool configs at the root) get the default project.
        projectService: { allowDefaultProject: ['*.ts', '*.js', 'bin/*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A leading underscore marks a binding kept on purpose (a rest sibling that drops a key, a positional parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // The contract's schemas are lazy stand-ins, which zod's JSON Schema maker cannot tell from their schemas.
      'no-restricted-properties': [
        'error',
        {
          object: 'z',
          property: 'toJSONSchema',
          message: 'Use toJSONSchema from src/api/schemas/lazy.ts: it resolves the lazy schemas first.',
        },
      ],
    },
  },
  {
    files: ['src/api/schemas/lazy.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // The bundle keeps only the parts of zod the code names: through `import * as z`, not the `z` object (which
    // holds all of zod), and never a dynamic import('zod') (which needs its whole namespace).
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message: "import * as z from 'zod': the z object holds all of zod, and the bundle would keep it whole.",
        },
        { selector: "ImportExpression[source.value='zod']", message: 'Import zod statically: a dynamic import needs its whole namespace.' },
      ],
    },
  },
  {
    // Plain JavaScript (bin/, this file) has no types to check.
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    // `{} extends T` is how a type asks whether every field of T is optional, and `{}` is what an intersection
    // of parameter types starts from; both are meant here, not a stand-in for "any object".
    files: ['src/api/operation.ts', 'src/api/client.ts'],
    rules: { '@typescript-eslint/no-empty-object-type': 'off' },
  },
  {
    // oclif calls run(), catch() and hooks as async functions; one that has nothing to await still implements that contract.
    files: ['src/commands/**', 'src/cli/hooks/**', 'src/cli/base-command.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Tests read untyped JSON answers (CLI output, raw HTTP bodies) and assert on them; typing every one of them
    // would add casts, not safety, so the no-unsafe-* family is off here. Everything else stays an error.
    files: ['test/**'],
    rules: {
      ...setAll(noUnsafe, 'off'),
      // Test doubles stand in for async functions (sleep, ask, listPages, run) and answer at once.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // The emulator tests read its answers as raw JSON over HTTP, and spec.ts walks the raw OpenAPI document; they
    // say `any` rather than cast at every step. (The emulator's own code is typed from the operation table.)
    files: ['test/emulator/**', 'test/helpers/spec.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
