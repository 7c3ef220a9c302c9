export * from './abilities.ts';
export * from './auth.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './options.ts';
export * from './pagination.ts';
export * from './stats.ts';
