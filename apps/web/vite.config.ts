import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server the dev server forwards to; it reads the same PORT variable. */
const serverPort = process.env.PORT ?? '3000';
const serverUrl = `http://127.0.0.1:${serverPort}`;

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: serverUrl },
      // /login and /logout are also client routes: only the API calls (not page loads) go through.
      '^/(login|logout)$': {
        target: serverUrl,
        bypass: (request) => (request.method === 'GET' ? '/index.html' : undefined),
      },
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
