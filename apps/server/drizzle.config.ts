import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table file, whether or not db/schema.ts gathers it (a plain resource's need not).
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
});
