import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // A placeholder on every script and stylesheet tag and in <meta property="csp-nonce">; the server puts a
  // fresh nonce there per response and names it in its Content-Security-Policy (security-headers.ts).
  html: { cspNonce: '__CSP_NONCE__' },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    // antd and react form one large vendor chunk; keep the warning for anything bigger.
    chunkSizeWarningLimit: 1500,
  },
});
