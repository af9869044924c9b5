import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './scripts/precompress.ts';

// In dev, /manage goes to the reference server (npm run dev:server) or to MANAGE_API_URL.
const target = process.env.MANAGE_API_URL ?? `http://localhost:${process.env.PORT ?? 8080}`;

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  // brotli and gzip copies beside the built files, served by Accept-Encoding (server/app.ts)
  plugins: [react(), precompressPlugin()],
  define: {
    // the release the console's error reports name (docs/api.md "Logs")
    'import.meta.env.VITE_RELEASE': JSON.stringify(`${version}+${new Date().toISOString().slice(0, 10)}`),
  },
  base: './',
  // @/ and @machines/ as tsconfig.json's paths say (also in the vitest configs, tsx and ESLint's resolver)
  resolve: { tsconfigPaths: true },
  server: {
    port: 5173,
    proxy: {
      '/manage': { target, changeOrigin: true, rewrite: process.env.MANAGE_API_URL ? (p) => p.replace(/^\/manage/, '') : undefined },
    },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // A page folder's chunk is named after the folder (page-users-*.js, not page-*.js): error logs and network
        // panels then say which page failed to load. The page- prefix keeps it apart from a shared chunk named after
        // its first module (src/api/contract/users.ts made a users-*.js of its own).
        chunkFileNames: (chunk) => {
          const page = /\/([\w-]+)\/page\.tsx$/.exec(chunk.facadeModuleId ?? '');
          return `assets/${page ? `page-${page[1]}` : '[name]'}-[hash].js`;
        },
      },
    },
  },
});
