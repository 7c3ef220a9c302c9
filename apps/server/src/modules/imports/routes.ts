import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import {
  hasAbility,
  IMPORT_FILE_FIELD,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORTS,
  importAbilities,
  importDryRunSchema,
  importIdParamSchema,
  importQuerySchema,
  importSchema,
  importStartedSchema,
  messageSchema,
} from '@sitefleet/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../errors.ts';
import { csvFileName } from '../../lib/csv.ts';
import { CSV_DOWNLOAD } from '../../lists/export.ts';
import type { Importer } from '../../lists/import.ts';
import { currentUser } from '../../plugins/auth.ts';
import { dryRun, fileError } from './check.ts';
import { errorsCsv, findImport, startImport, undoImport } from './service.ts';

const tags = ['imports'];

/** The CSV imports of the lists that have one: each resource's importer is handed in. */
export const importsRoutes =
  (importers: readonly Importer[]): FastifyPluginAsyncZod<AppContext> =>
  async (app, { db, queue }) => {
    // Multipart is parsed only here and in the profile's avatar upload, each with its limits.
    await app.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1 },
    });

    /** The caller may import into the resource: its create and its edit. */
    function assertMayImport(request: FastifyRequest, importer: Importer) {
      const { abilities } = currentUser(request);
      const needed = importAbilities(importer.declaration);
      if (!needed.every((ability) => hasAbility(abilities, ability))) throw forbidden();
    }

    /** The upload's file part, passed on as it streams, or a 422 on `file`. */
    async function uploadedFile(request: FastifyRequest) {
      if (!request.isMultipart()) throw fileError(IMPORT_MESSAGES.fileRequired);
      const file = await request.file().catch(() => {
        throw fileError(IMPORT_MESSAGES.unreadable('the form cannot be read'));
      });
      if (!file || file.fieldname !== IMPORT_FILE_FIELD) {
        file?.file.resume();
        throw fileError(IMPORT_MESSAGES.fileRequired);
      }
      async function* chunks() {
        try {
          yield* file!.file as AsyncIterable<Uint8Array>;
        } catch (error) {
          if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
            throw fileError(IMPORT_MESSAGES.fileTooLarge);
          }
          throw fileError(IMPORT_MESSAGES.unreadable('the upload was cut short'));
        }
        if (file!.file.truncated) throw fileError(IMPORT_MESSAGES.fileTooLarge);
      }
      return { fileName: file.filename || 'import.csv', chunks: chunks() };
    }

    function importerOf(resource: string) {
      return importers.find((importer) => importer.declaration.resource.name === resource)!;
    }

    for (const importer of importers) {
      const { resource } = importer.declaration;
      app.post(
        `${resource.path}/import`,
        {
          config: { access: importAbilities(importer.declaration)[0] },
          schema: {
            summary: `Import ${resource.noun.many} from CSV`,
            description: `Multipart, field \`${IMPORT_FILE_FIELD}\`: a UTF-8 CSV file. ${
              importer.declaration.writing ??
              `Its header row is the export's columns. A row with an existing \`id\` updates that ${resource.noun.one}; one without creates one. Needs the ${resource.noun.one} create and update abilities.`
            } With \`dry_run=1\` every row is checked as the form checks it and nothing is written; otherwise the rows are written by a job (202 with its id).`,
            tags: [resource.name, ...tags],
            consumes: ['multipart/form-data'],
            querystring: importQuerySchema,
            response: { 200: importDryRunSchema, 202: importStartedSchema },
          },
        },
        async (request, reply) => {
          try {
            assertMayImport(request, importer);
            const upload = await uploadedFile(request);
            if (request.query.dry_run) return await dryRun(db, importer, upload.chunks);
            const importId = await startImport(db, queue, importer, {
              ...upload,
              userId: currentUser(request).userId,
            });
            return reply.status(202).send({ import_id: importId });
          } catch (error) {
            // Refused before the file's end: the rest of the body is read and dropped after the
            // answer (see plugins/body-drain.ts), so that the client, still sending, gets it.
            request.raw.unpipe();
            request.raw.resume();
            reply.header('connection', 'close');
            throw error;
          }
        },
      );
    }

    /** The import, once the caller is known to hold its resource's abilities. */
    async function importFor(request: FastifyRequest, id: number) {
      const state = await findImport(db, id);
      const importer = importerOf(state.resource);
      assertMayImport(request, importer);
      return { state, importer };
    }

    const anyImport = Object.values(IMPORTS).map((declaration) => importAbilities(declaration)[0]);

    app.get(
      '/api/imports/:id',
      {
        config: { access: anyImport },
        schema: {
          summary: "An import's progress and counts",
          tags,
          params: importIdParamSchema,
          response: { 200: importSchema },
        },
      },
      async (request) => (await importFor(request, request.params.id)).state,
    );

    app.get(
      '/api/imports/:id/errors.csv',
      {
        config: { access: anyImport, ...CSV_DOWNLOAD },
        schema: {
          summary: "An import's refused rows as CSV, with an error column",
          tags,
          params: importIdParamSchema,
          produces: ['text/csv'],
          response: { 200: z.string().describe('The CSV file') },
        },
      },
      async (request, reply) => {
        const { state } = await importFor(request, request.params.id);
        const name = csvFileName(`${state.resource}-import-${state.id}-errors`);
        return (reply as FastifyReply)
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(Readable.from(errorsCsv(db, state.id)));
      },
    );

    app.post(
      '/api/imports/:id/undo',
      {
        config: { access: anyImport },
        schema: {
          summary:
            'Undo an import: created records to the trash (deleted where there is none), updated fields put back',
          tags,
          params: importIdParamSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        const { state, importer } = await importFor(request, request.params.id);
        const message = await undoImport(db, importer, state.id, currentUser(request));
        return { message };
      },
    );
  };
