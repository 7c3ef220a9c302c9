/** The database tables, one file per domain (migrations are generated from them). */

export * from './schema/access.ts';
export * from './schema/audit.ts';
export * from './schema/channel-connects.ts';
export * from './schema/channels.ts';
export * from './schema/content.ts';
export * from './schema/economics.ts';
export * from './schema/event-subscriptions.ts';
export * from './schema/events.ts';
export * from './schema/imports.ts';
export * from './schema/monitor.ts';
export * from './schema/pipeline.ts';
export * from './schema/saved-views.ts';
export * from './schema/settings.ts';
export * from './schema/tokens.ts';
export * from './schema/traffic.ts';
export * from './schema/traffic-google.ts';
export * from './schema/trash.ts';
export * from './schema/two-factor.ts';
export * from './schema/websites.ts';
export * from './schema/workflows.ts';
