// ESLint in `npm test` (the lint tier): typescript-eslint's recommended rules, plus the two that
// catch what tests rarely do — a promise nobody awaits, and a promise passed where a callback is.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-output/**', 'templates/**', 'data/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Repositories are the only door to the database (docs/architecture.md): the unit of work's
    // manager is read there and in database/, nowhere else in src/.
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.repository.ts', 'src/database/**', 'src/**/*.spec.ts', 'src/bench/**', 'src/**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[property.name='manager']:matches([object.property.name=/^(db|database)$/], [object.name=/^(db|database)$/])",
          message: "Only repositories read the unit of work's manager: add a repository method and call it.",
        },
      ],
    },
  },
  {
    // Node scripts (CommonJS) beside the TypeScript tree.
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly', console: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
