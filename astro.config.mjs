// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// Static-first (DESIGN §1): pages are prerendered per locale; routes that need the request
// (the API, /tests/{id}, /stats/{id}, redirects and the 404 status) set `prerender = false`.
export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  server: { host: process.env.HOST ?? 'localhost', port: Number(process.env.PORT ?? 4321) },
  devToolbar: { enabled: false },
});
