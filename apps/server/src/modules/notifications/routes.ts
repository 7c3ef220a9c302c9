import {
  idParamSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesAnswerSchema,
  notificationPreferencesSchema,
  notificationsReadSchema,
} from '@sitefleet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  getPreferences,
  listNotifications,
  markAllRead,
  markRead,
  savePreferences,
} from './service.ts';

const tags = ['notifications'];

/** A user's own notifications and channels: every signed-in user has them. */
export const notificationsRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, secrets },
) => {
  app.get(
    '/api/notifications',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "The signed-in user's notifications, newest first, with the unread count",
        tags,
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema },
      },
    },
    (request) => listNotifications(db, currentUser(request).userId, request.query),
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "Mark all the user's notifications as read",
        tags,
        response: { 200: notificationsReadSchema },
      },
    },
    (request) => markAllRead(db, currentUser(request).userId),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Mark one notification as read',
        tags,
        params: idParamSchema,
        response: { 200: notificationsReadSchema },
      },
    },
    (request) => markRead(db, currentUser(request).userId, request.params.id),
  );

  app.get(
    '/api/profile/notifications',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'The channels the user wants each kind of notification on, and those set up',
        tags,
        response: { 200: notificationPreferencesAnswerSchema },
      },
    },
    (request) => getPreferences(db, secrets, currentUser(request).userId),
  );

  app.put(
    '/api/profile/notifications',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Choose the channels of each kind of notification',
        tags,
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesAnswerSchema },
      },
    },
    (request) => savePreferences(db, secrets, currentUser(request).userId, request.body),
  );
};
