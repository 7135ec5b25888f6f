import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
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
