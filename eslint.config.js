// eslint for the page, its worker, the scripts and the tests (`npm test` runs it): the
// recommended rules; names a module's environment knows are its globals.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['www/pkg/', 'node_modules/', 'target/', 'dist/', '_site/', 'test-results/', 'scratch/'] },
  js.configs.recommended,
  {
    files: ['www/**/*.js'],
    languageOptions: { globals: { ...globals.browser, uPlot: 'readonly' } },
  },
  {
    files: ['www/worker.js'],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ['scripts/**/*.mjs', 'tests/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // the browser tests' callbacks run in the page (page.evaluate)
    files: ['tests/e2e/**/*.mjs', 'scripts/*browser*.mjs', 'scripts/booksim-compare.mjs', 'scripts/dualplane-n12.mjs', 'scripts/figure-bytes.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    rules: {
      // an unused argument may name what a callback receives
      // and a rest pattern's siblings are what it leaves out
      'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
];
