import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const API = process.env.API_URL ?? 'http://localhost:8787';
// The API shares paths with app routes (/donations/{id}); in development a browser navigation (Accept: text/html)
// stays with Vite and everything else goes to the sync-server, as the sync-server itself does in production.
const apiPaths = [
  '/auth', '/.well-known', '/users', '/donations', '/donation-requests', '/my-pickups', '/charity-requests',
  '/create-payment-intent', '/test-payments', '/transactions', '/reviews', '/my-reviews', '/favorites', '/images', '/sync',
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

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy },
  build: { sourcemap: false, target: 'es2022' },
});
