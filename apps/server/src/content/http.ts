import type {
  Ability,
  CategoryActionFilter,
  categoryActionSchema,
  PostActionFilter,
  postActionSchema,
} from '@sitefleet/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import type { WebsiteScope, WithAssignee } from './filters.ts';
import type { ContentKind } from './kinds.ts';

/** What the content routes of the layer's root and of its rooms share. */

/** The app a route plugin registers on, schemas typed through zod. */
export type ContentApp = Parameters<FastifyPluginAsyncZod<AppContext>>[0];

/** How one kind of content is reached over HTTP: its path, abilities, messages and actions. */
export interface ContentRoutesOf {
  kind: ContentKind;
  path: 'categories' | 'posts';
  abilities: { review: Ability; sync: Ability; act: Ability };
  messages: { synced: string; updated: string };
  actionSchema: typeof categoryActionSchema | typeof postActionSchema;
  /** The ids of the records a list's filter finds. */
  matching: (
    filter: Partial<WithAssignee<CategoryActionFilter & PostActionFilter>> & WebsiteScope,
  ) => SQL;
}
