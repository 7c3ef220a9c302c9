import fastifyMultipart from '@fastify/multipart';
import {
  AVATAR_FIELD,
  AVATAR_MAX_BYTES,
  avatarParamsSchema,
  avatarQuerySchema,
  messageSchema,
  PROFILE_MESSAGES,
  passwordChangeSchema,
  profileAnswerSchema,
  profileUpdateSchema,
} from '@sitefleet/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { HttpError, validationError } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { changePassword, findAvatar, saveAvatar, updateProfile } from './profile.ts';

const tags = ['profile'];

/**
 * Everyone edits their own profile, avatar and password with no ability beyond being signed in:
 * these calls only ever touch the caller's own row, and a user who cannot change their own
 * password (the seeded 'viewer' holds no profile-update) could not recover from a leaked one.
 */
const OWN_PROFILE = 'signed-in';

export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;
  // Multipart is parsed only in this module, for the avatar upload.
  await app.register(fastifyMultipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });

  /** The uploaded image's bytes, or a 422 on profile_picture that says what is wrong. */
  async function uploadedImage(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) {
      throw validationError({ profile_picture: PROFILE_MESSAGES.imageRequired });
    }
    try {
      const file = await request.file();
      if (!file || file.fieldname !== AVATAR_FIELD) {
        file?.file.resume();
        throw validationError({ profile_picture: PROFILE_MESSAGES.imageRequired });
      }
      return await file.toBuffer();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
        throw validationError({ profile_picture: PROFILE_MESSAGES.imageTooLarge });
      }
      // Anything else comes from parsing the body: a truncated form, a missing boundary …
      throw validationError({ profile_picture: PROFILE_MESSAGES.uploadUnreadable });
    }
  }

  app.put(
    '/api/profile',
    {
      config: { access: OWN_PROFILE },
      schema: {
        summary: "Update the signed-in user's profile",
        tags,
        body: profileUpdateSchema,
        response: { 200: profileAnswerSchema },
      },
    },
    async (request) => ({
      message: PROFILE_MESSAGES.updated,
      user: await updateProfile(db, currentUser(request).userId, request.body),
    }),
  );

  app.post(
    '/api/upload-profile-image',
    {
      config: { access: OWN_PROFILE },
      schema: {
        summary: "Upload the signed-in user's profile image",
        tags,
        response: { 200: profileAnswerSchema },
      },
    },
    async (request) => {
      const image = await uploadedImage(request);
      return {
        message: PROFILE_MESSAGES.imageUploaded,
        user: await saveAvatar(db, currentUser(request).userId, image),
      };
    },
  );

  app.get(
    '/api/avatars/:userId',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "A user's profile image",
        tags,
        params: avatarParamsSchema,
        querystring: avatarQuerySchema,
        response: { 200: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const avatar = await findAvatar(db, request.params.userId);
      return (
        reply
          .header('content-type', avatar.contentType)
          .header('content-disposition', 'inline')
          .header('x-content-type-options', 'nosniff')
          // The profile links the avatar with ?v=<upload time>: that address never changes
          // content. Without it the browser must ask again.
          .header(
            'cache-control',
            request.query.v ? 'private, max-age=31536000, immutable' : 'private, no-cache',
          )
          .send(avatar.data)
      );
    },
  );

  app.post(
    '/api/change-user-password',
    {
      config: { access: OWN_PROFILE, sessionOnly: true },
      schema: {
        summary: "Change the signed-in user's password",
        tags,
        body: passwordChangeSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await changePassword(db, currentUser(request), request.body);
      return { message: PROFILE_MESSAGES.passwordChanged };
    },
  );
};
