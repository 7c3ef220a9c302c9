import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { precompressFiles } from './precompress.ts';

/** React Router's production build, beside the development one its exports resolve to. */
const reactRouterProduction = () =>
  join(createRequire(import.meta.url).resolve('react-router'), '../../production/index.mjs');

/** What the first screens may load of JavaScript, gzip. */
const FIRST_LOAD_BUDGET_KB = 150;
/**
 * The screens a visitor lands on, by the files of the lazy chunks they load before showing: the
 * screen's route, and for a signed-in screen the admin layout and the session's schemas.
 */
const FIRST_SCREENS = {
  'sign-in': ['features/auth/pages/LoginPage.tsx'],
  dashboard: [
    'features/stats/pages/DashboardPage.tsx',
    'app/layout/AdminLayout.tsx',
    'lib/session-schemas.ts',
  ],
};

/**
 * Prints, after a build, how much JavaScript (gzip) each first screen loads: the entry, the
 * screen's lazy chunks and every chunk they import statically. Warns past the budget.
 */
function firstLoadSizes(): Plugin {
  return {
    name: 'sitefleet-first-load-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (output): output is Rollup.OutputChunk => output.type === 'chunk',
      );
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const gzipKb = (chunk: Rollup.OutputChunk) => gzipSync(chunk.code).length / 1024;
      const closure = (roots: Rollup.OutputChunk[]) => {
        const seen = new Set<Rollup.OutputChunk>();
        const visit = (chunk: Rollup.OutputChunk | undefined) => {
          if (!chunk || seen.has(chunk)) return;
          seen.add(chunk);
          for (const file of chunk.imports) visit(byName.get(file));
        };
        for (const root of roots) visit(root);
        return [...seen];
      };
      const entry = chunks.filter((chunk) => chunk.isEntry);
      for (const [screen, files] of Object.entries(FIRST_SCREENS)) {
        const own = files.map((file) =>
          chunks.find((chunk) => chunk.facadeModuleId?.endsWith(file)),
        );
        const found = own.filter((chunk) => chunk !== undefined);
        const loaded = closure([...entry, ...found]);
        const kb = loaded.reduce((total, chunk) => total + gzipKb(chunk), 0);
        const line = `first load of the ${screen} page: ${kb.toFixed(1)} kB of JavaScript (gzip) in ${loaded.length} files, budget ${FIRST_LOAD_BUDGET_KB} kB`;
        const missing = files.filter((_file, index) => own[index] === undefined);
        if (kb > FIRST_LOAD_BUDGET_KB || missing.length > 0)
          this.warn(`${line}${missing.length > 0 ? ` (not found: ${missing.join(', ')})` : ''}`);
        else console.log(line);
      }
    },
  };
}

/** The built files' brotli and gzip copies, written once the build is done (precompress.ts). */
function precompressed(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sitefleet-precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      precompressFiles(outDir);
    },
  };
}

/**
 * Zod's classic schemas carry its JSON Schema generator (34 kB, 5.5 kB gzip, in every screen that
 * checks an answer): each schema type holds a closure over it for `toJSONSchema()`. The server
 * makes the OpenAPI document from the contract's schemas; the browser never asks a schema for its
 * JSON Schema, so the web build replaces the two imports with a stand-in that says so if called.
 * The build fails if zod's file no longer has them, rather than ship the generator unnoticed.
 */
function zodWithoutJsonSchema(): Plugin {
  const imports = [
    'import * as processors from "../core/json-schema-processors.js";',
    'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";',
  ];
  const standIn = [
    'const noJsonSchema = () => { throw new Error("zod\'s JSON Schema code is left out of the web build"); };',
    'const processors = new Proxy({}, { get: () => noJsonSchema });',
    'const createStandardJSONSchemaMethod = noJsonSchema;',
    'const createToJSONSchemaMethod = noJsonSchema;',
  ].join('\n');
  return {
    name: 'sitefleet-zod-without-json-schema',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/.test(id)) return null;
      const missing = imports.filter((line) => !code.includes(line));
      if (missing.length > 0)
        this.error(`zod's classic schemas no longer import: ${missing.join(' ')}`);
      return imports.reduce((text, line) => text.replace(line, ''), code).concat('\n', standIn);
    },
  };
}

/** The API server the dev server forwards to; it reads the same PORT variable. */
const serverPort = process.env.PORT ?? '3000';
const serverUrl = `http://127.0.0.1:${serverPort}`;

export default defineConfig(({ command }) => ({
  plugins: [react(), zodWithoutJsonSchema(), firstLoadSizes(), precompressed()],
  resolve: {
    // React Router's package exports only its development build (with its warnings and checks);
    // its production build ships beside it.
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction() }] : [],
  },
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
        // React changes less often than the app: its chunk stays cached across releases. Other
        // libraries go with the screens that import them (the routes load their screens lazily).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
