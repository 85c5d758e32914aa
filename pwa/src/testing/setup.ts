// Runs before every app test file: a clean browser state per test, as a fresh page would have.
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadAppCatalogues } from '@/lib/i18n/i18n';

// Every screen's English words, as the root route loads them before any page but home.
await loadAppCatalogues();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
