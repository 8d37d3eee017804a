import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { SearchUnavailableError } from '@docs-portal/search';
import { errorPageStatusOf, sendErrorPage, type ErrorPageSite } from './errorPage';
import { codeForStatus, PortalError } from './PortalError';
import { validationMessage, type ValidationIssue } from './validationMessage';

/** The issues of a failed route schema (fastify-type-provider-zod), in the formatter's terms. */
function routeSchemaIssues(error: FastifyError): ValidationIssue[] {
  return (error.validation ?? []).map((problem) => {
    const params = problem.params as { keys?: unknown };
    return {
      code: problem.keyword,
      path: problem.instancePath.split('/').filter((part) => part !== ''),
      message: problem.message ?? 'is not valid',
      keys: Array.isArray(params.keys) ? params.keys.map(String) : undefined,
    };
  });
}

/** The 503 message when the failing part has no reader-safe words of its own. */
const UNAVAILABLE_MESSAGE =
  'A service the portal needs is unavailable right now. Please try again shortly.';

/**
 * A 503 is logged at debug only: the store or index that failed logs the outage once when it
 * starts and once when it ends, so an outage does not write a line per request.
 */
function logUnavailable(request: FastifyRequest, error: Error): void {
  request.log.debug({ err: error, url: request.url }, 'answered 503: a dependency is unavailable');
}

/**
 * Installs the one error handler: every error becomes `{ code, message }` with a catalogue status.
 * Validation problems (route schemas, zod errors thrown in handlers) answer 400 naming the field;
 * other 4xx answer the catalogue code of their status; anything unexpected answers 500 without a
 * stack and is logged with the request's context. 4xx answers are not logged as errors. A 503 says
 * in product words what is unavailable, never the driver's message (hosts, ports). With `site`, a
 * browser navigation that ends in 403, 404, 500 or 503 gets the portal's error page instead.
 */
export function installErrorHandler(app: FastifyInstance, site?: ErrorPageSite): void {
  app.setErrorHandler(
    (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
      const page = errorPageStatusOf(error);
      if (page !== undefined && sendErrorPage(request, reply, page, site)) {
        if (page === 500) request.log.error({ err: error, url: request.url }, 'request failed');
        if (page === 503) logUnavailable(request, error);
        return reply;
      }
      if (error instanceof PortalError) {
        if (error.statusCode === 503) logUnavailable(request, error);
        return reply.status(error.statusCode).send({ code: error.code, message: error.message });
      }
      if (error instanceof ZodError) {
        return reply
          .status(400)
          .send({ code: 'bad_request', message: validationMessage(error.issues) });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const subject = (error as FastifyError).validationContext ?? 'request';
        return reply.status(400).send({
          code: 'bad_request',
          message: validationMessage(routeSchemaIssues(error as FastifyError), subject),
        });
      }
      const status = (error as FastifyError).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        return reply.status(status).send({ code: codeForStatus(status), message: error.message });
      }
      if (status === 503) {
        logUnavailable(request, error);
        const message =
          error instanceof SearchUnavailableError ? error.message : UNAVAILABLE_MESSAGE;
        return reply.status(503).send({ code: 'unavailable', message });
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
