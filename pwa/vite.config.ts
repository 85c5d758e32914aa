import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress.ts';

const API = process.env.API_URL ?? 'http://localhost:8787';
// The API shares paths with app routes (/donations/{id}); in development a browser navigation (Accept: text/html)
// stays with Vite and everything else goes to the sync-server, as the sync-server itself does in production.
const apiPaths = [
  '/auth', '/.well-known', '/users', '/donations', '/donation-requests', '/my-pickups', '/charity-requests',
  '/create-payment-intent', '/test-payments', '/transactions', '/reviews', '/my-reviews', '/favorites', '/images', '/sync',
  '/impact', '/history', '/exports', '/notifications', '/push', '/dashboard', '/map', '/me/', '/organisations', '/invitations',
];
const proxy = Object.fromEntries(
  apiPaths.map((p) => [
    p,
    {
      target: API,
      bypass: (req: { headers: Record<string, string | string[] | undefined> }) =>
        String(req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined,
    },
  ]),
);

// Our own service worker (src/sw.ts, injectManifest) rather than a generated one: it gets Background Sync for
// pickup confirmations queued offline. Registration is in src/lib/pwa/ (after first paint, with an update prompt).
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'FoodBridge',
    short_name: 'FoodBridge',
    description: 'Restaurants donate surplus food; verified charities pick it up, even with no signal at the back door.',
    lang: 'en',
    theme_color: '#166534',
    background_color: '#fafaf9',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    categories: ['food', 'social'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The defaults (js, css, html) leave icons, pictures of the home page and fonts out, which then fail offline.
    globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
    // The plugin adds the manifest it generates by itself; listed twice, it would be precached twice.
    globIgnores: ['manifest.webmanifest'],
  },
  // The icons are in the globs above already.
  includeManifestIcons: false,
  // A service worker in `vite` dev would serve stale modules from its cache; only builds get one.
  devOptions: { enabled: false },
});

// What the first screen needs before it can render, in one chunk: React, the router, zustand, Lingui with the English
// catalogue, and the few app modules every page imports at start. Left alone, the bundler cuts these into a dozen
// small shared chunks (so the lazy routes can import them), and every extra file costs the signed-out home page's
// budget its own gzip start and import/export glue: about 2.3 kB over 17 files, which paid for the languages of
// issue 13 (ADR 008). Nothing here is loaded that the home page did not load already. The public pages' frame (navbar,
// footer, logo, language menu) is here too: it is shared by lazy chunks (the public layout, the not-found page, the
// login page, the dashboards), and left alone it became four scripts of its own on the home page (about 1.4 kB more).
// Of shared's constants only the few the first screen reads (shared/src/first-screen-constants.ts): constants.ts's
// status lists, units and limits are the dashboards' (about 0.3 kB of the home page's budget).
const startupChunk =
  /node_modules[\\/](react|react-dom|scheduler|zustand|@lingui[\\/]core|@tanstack[\\/](react-router|router-core|history|store|react-store))[\\/]|preload-helper|rolldown[\\/]runtime|[\\/]src[\\/]lib[\\/](notify|use-api|idle|i18n[\\/]i18n|i18n[\\/]locales)\.ts|[\\/]src[\\/]locales[\\/]en[\\/]messages\.ts|shared[\\/]src[\\/]first-screen-constants|[\\/]src[\\/]components[\\/](layout[\\/](navbar|navbar-parts|footer|logo)|language-select)\.tsx/;

// A page other than home needs all the app's catalogues of its language (src/lib/i18n/app-catalogues-*.ts) before it
// renders: one chunk per language rather than one per catalogue, so they come in one request instead of six on a
// first visit (each request a round trip of its own on a slow phone's network). The home page's catalogues
// (messages.ts) stay apart: home loads that one alone.
const catalogueChunk = (id: string) => {
  const locale = /[\\/]locales[\\/](\w+)[\\/](?!messages\.ts$)[\w-]+\.ts$|[\\/]i18n[\\/]app-catalogues-(\w+)\.ts$/.exec(id)?.slice(1).find(Boolean);
  return locale ? `catalogues-${locale}` : null;
};

// What the list of donations (the public page, and the dashboards' lists) draws with and reads through, in one chunk:
// left alone, the bundler cut it into 16 small ones, four imports deep (card -> local-first -> hooks -> outbox),
// which a first visit of /allDonations fetched one level after another (issue 9). Only these modules, not what they
// import (includeDependenciesRecursively: false): buttons, inputs and icons stay shared chunks of their own, or every
// page with a button would load the list. A module missing here is only one more small chunk.
const donationListChunk =
  /[\\/]src[\\/](components[\\/](donation-card|virtual-grid|sync-status|best-before-label)\.tsx|features[\\/]donations[\\/]hooks[\\/](use-donation|use-unexpired)\.ts|lib[\\/](best-before|distance-label|use-position|load-once|map-config|db[\\/](local-first|local-query|hooks|pickup-outbox))\.ts)$|shared[\\/]src[\\/]geo\.ts$|node_modules[\\/](@tanstack[\\/](react-virtual|virtual-core)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](map-pin|clock|refresh-cw|search|x)\.mjs)/;

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss(), pwa, precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy },
  build: {
    sourcemap: false,
    target: 'es2022',
    // Preload hints (the list of every lazy chunk's dependencies, inlined in the entry) only for the public layout,
    // home and All Donations, which a first visit opens: the signed-out home page's JavaScript budget is spent (the
    // list of All Donations' 20 chunks costs it about 270 bytes). Other routes load their own dependencies when opened
    // (a round trip per level of imports on a first visit; the service worker has them after).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'startup', test: startupChunk }, { name: catalogueChunk }, { name: 'donation-list', test: donationListChunk, includeDependenciesRecursively: false }] } } },
    // No modulepreload polyfill (about 300 bytes of the home page): every browser the app supports preloads modules.
    // index.html lists the entry's own imports (the startup chunk), which the browser then fetches beside the entry
    // rather than after it.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, deps, { hostType }) => (hostType === 'html' || /(^|\/)(_public|allDonations)-/.test(filename) ? deps : []),
    },
  },
});
