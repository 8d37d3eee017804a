import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DocSetConfig } from '../../config/schema';
import { PortalError } from '../../errors/PortalError';
import { validationMessage } from '../../errors/validationMessage';
import { requireUser } from '../../sessions/sessionPlugin';
import type { AnalyticsStore } from '../AnalyticsStore';
import { docPageAt, type ServedPages } from './docPageAt';
import { FeedbackBodySchema, MissingAnchorBodySchema } from './feedbackBody';
import { ReaderRateLimit } from './ReaderRateLimit';

/** Feedback and missing-anchor posts a reader may send per window (per replica). */
export const READER_POSTS_PER_WINDOW = 20;
/** The rate limit's window, in milliseconds. */
export const READER_POST_WINDOW_MS = 10 * 60 * 1000;

/** Options of {@link feedbackRoutes}. */
export interface FeedbackRoutesOptions {
  /** Where answers and landings go. */
  store: AnalyticsStore;
  /** The configured doc sets (access follows `canRead`). */
  docSets: readonly DocSetConfig[];
  /** The served releases: a page must exist in the current one. */
  pages: ServedPages;
  /** The portal's base path (default: the plugin's prefix). */
  basePath?: string;
  /** Now (tests). */
  now?: () => Date;
  /** The limit per reader (tests). */
  rateLimit?: { max: number; windowMs: number };
}

const UNSTORED = 'Feedback cannot be stored right now.';

/**
 * The doc-page script's analytics posts, for signed-in readers (XSRF is checked for every non-GET
 * by the portal's context), rate-limited per reader:
 * - `POST /analytics/feedback` stores a "Was this page helpful?" answer with the doc set,
 *   release, page, section and reader kind only; one per reader, page and day (a salted hash of
 *   the three is the only trace of the reader). Answers `{ stored }`; a page that does not exist
 *   or that the reader may not read is a 400 like any bad field.
 * - `POST /analytics/missing-anchor` records that the address's fragment named no element of the
 *   page; answers 204 whatever happens to it, so the answer says nothing about the page.
 */
export async function feedbackRoutes(
  app: FastifyInstance,
  options: FeedbackRoutesOptions,
): Promise<void> {
  const { store, docSets, pages } = options;
  const basePath = options.basePath ?? app.prefix;
  const now = options.now ?? (() => new Date());
  const limit = new ReaderRateLimit(
    options.rateLimit?.max ?? READER_POSTS_PER_WINDOW,
    options.rateLimit?.windowMs ?? READER_POST_WINDOW_MS,
    () => now().getTime(),
  );
  let salt: Promise<string> | undefined;
  const saltOnce = () => {
    salt ??= store.feedbackSalt().catch((error: unknown) => {
      salt = undefined;
      throw error;
    });
    return salt;
  };
  app.setValidatorCompiler(validatorCompiler);

  /** The reader's opaque key for the rate limit: their identity never leaves this function. */
  const readerKey = (request: FastifyRequest) => {
    const user = request.user;
    return createHmac('sha256', 'reader-rate-limit')
      .update(`${user?.provider ?? ''}\n${user?.sub ?? request.sessionId ?? ''}`)
      .digest('base64url');
  };
  const limited = async (request: FastifyRequest, reply: FastifyReply) => {
    await requireUser(request, reply);
    if (!limit.allow(readerKey(request))) {
      throw new PortalError(
        'too_many_requests',
        'Too many answers from this reader in a short time. Try again in a few minutes.',
      );
    }
  };

  app.withTypeProvider<ZodTypeProvider>().post(
    '/analytics/feedback',
    {
      schema: { body: FeedbackBodySchema },
      preValidation: limited,
      bodyLimit: 16 * 1024,
    },
    async (request) => {
      const user = request.user;
      if (!user) throw new PortalError('unauthenticated', 'Sign in to use this service.');
      const body = request.body;
      const ref = docPageAt(body.url, user, docSets, pages, basePath);
      if (!ref) {
        throw new PortalError(
          'bad_request',
          validationMessage(
            [{ path: ['url'], message: 'is not a documentation page you can read' }],
            'body',
          ),
        );
      }
      const at = now();
      try {
        const key = createHmac('sha256', await saltOnce())
          .update(
            [user.provider, user.sub, ref.docSet.id, ref.page, at.toISOString().slice(0, 10)].join(
              '\n',
            ),
          )
          .digest('base64url');
        const stored = await store.recordFeedback({
          docSetId: ref.docSet.id,
          release: ref.release,
          page: ref.page,
          anchor: ref.anchor,
          helpful: body.helpful,
          reason: body.helpful ? null : (body.reason ?? null),
          comment: body.helpful ? null : body.comment?.trim() || null,
          kind: user.kind,
          at,
          dedupeKey: key,
        });
        return { stored };
      } catch (error) {
        request.log.warn({ err: error }, 'could not store page feedback');
        throw new PortalError('unavailable', UNSTORED);
      }
    },
  );

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/analytics/missing-anchor',
      { schema: { body: MissingAnchorBodySchema }, preValidation: limited, bodyLimit: 8 * 1024 },
      async (request, reply) => {
        const user = request.user;
        const ref = user ? docPageAt(request.body.url, user, docSets, pages, basePath) : null;
        if (user && ref?.anchor) {
          store
            .recordMissingLanding({
              docSetId: ref.docSet.id,
              path: ref.page,
              anchor: ref.anchor,
              kind: user.kind,
              at: now(),
            })
            .catch((error: unknown) =>
              request.log.warn({ err: error }, 'could not record a missing anchor'),
            );
        }
        return reply.status(204).send();
      },
    );
}
