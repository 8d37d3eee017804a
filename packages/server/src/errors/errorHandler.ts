import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { errorPageStatusOf, sendErrorPage, type ErrorPageSite } from './errorPage';
import { PortalError } from './PortalError';

function zodMessage(error: ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/**
 * Installs the one error handler: every error becomes `{ code, message }` with a catalogue status.
 * Validation problems answer 400 naming the field; anything unexpected answers 500 without a stack
 * and is logged with the request's context. 4xx answers are not logged as errors. With `site`, a
 * browser navigation that ends in 403, 404, 500 or 503 gets the portal's error page instead.
 */
export function installErrorHandler(app: FastifyInstance, site?: ErrorPageSite): void {
  app.setErrorHandler(
    (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
      const page = errorPageStatusOf(error);
      if (page !== undefined && sendErrorPage(request, reply, page, site)) {
        if (page === 500) request.log.error({ err: error, url: request.url }, 'request failed');
        if (page === 503) request.log.warn({ err: error }, 'dependency unavailable');
        return reply;
      }
      if (error instanceof PortalError) {
        return reply.status(error.statusCode).send({ code: error.code, message: error.message });
      }
      if (error instanceof ZodError) {
        return reply.status(400).send({ code: 'bad_request', message: zodMessage(error) });
      }
      const status = (error as FastifyError).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        const code =
          status === 413 ? 'payload_too_large' : status === 404 ? 'not_found' : 'bad_request';
        return reply.status(status).send({ code, message: error.message });
      }
      if (status === 503) {
        request.log.warn({ err: error }, 'dependency unavailable');
        return reply.status(503).send({ code: 'unavailable', message: error.message });
      }
      request.log.error({ err: error, url: request.url }, 'request failed');
      return reply
        .status(500)
        .send({ code: 'internal', message: 'Something went wrong on our side. Please try again.' });
    },
  );
  app.setNotFoundHandler((request, reply) => {
    if (sendErrorPage(request, reply, 404, site)) return;
    reply.status(404).send({
      code: 'not_found',
      message: `Nothing at ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}
