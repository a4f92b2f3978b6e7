import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The console's bundle: built by `npm run build:console` (the `prepare` script, so `npm ci` makes it)
 * into console/dist, which the server serves at /app. Everything it loads comes from that folder.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/app/',
  // Preact's JSX, through Vite's own esbuild: no framework plugin needed.
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  resolve: {
    alias: { '@bahi/sdk': fileURLToPath(new URL('../sdk/src/index.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Nothing inlined as data: URLs beyond what the CSP allows for images (src/http/console.ts).
    assetsInlineLimit: 0,
    // No modulepreload polyfill: it would be an inline script, which the console's CSP refuses.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  logLevel: 'warn',
});
