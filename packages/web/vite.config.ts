import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client bundles the rules package from its TypeScript sources (one copy of every rule).
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@parlor/source'] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 400 },
  server: { proxy: { '/ws': { target: 'ws://127.0.0.1:8080', ws: true }, '/tables': 'http://127.0.0.1:8080' } },
});
