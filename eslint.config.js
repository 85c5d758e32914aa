import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Lint zones (house style): code flows shared -> components/lib -> features -> routes. A feature never reaches
// into another feature (features/auth is the session everyone reads), and nothing below routes imports a route.
const features = readdirSync(new URL('./pwa/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const noRoutes = { group: ['@/routes/*', '@/routes/**', '**/routes/*'], message: 'Only the router imports routes.' };
const featureZones = features.map((name) => ({
  files: [`pwa/src/features/${name}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          noRoutes,
          {
            group: [
              '@/features/*',
              '@/features/*/**',
              ...new Set(['!@/features/auth', '!@/features/auth/**', `!@/features/${name}`, `!@/features/${name}/**`]),
            ],
            message: 'A feature must not import another feature: move the shared piece to components/ or lib/.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dev-dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'pwa/e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['pwa/src/components/**/*.{ts,tsx}', 'pwa/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noRoutes,
            {
              group: ['@/features/*', '@/features/*/**', '!@/features/auth', '!@/features/auth/**'],
              message: 'Shared code must not depend on a feature (features/auth, the session, is the exception).',
            },
          ],
        },
      ],
    },
  },
  ...featureZones,
);
