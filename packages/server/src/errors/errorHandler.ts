import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
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

/**
 * Installs the one error handler: every error becomes `{ code, message }` with a catalogue status.
 * Validation problems (route schemas, zod errors thrown in handlers) answer 400 naming the field;
 * other 4xx answer the catalogue code of their status; anything unexpected answers 500 without a
 * stack and is logged with the request's context. 4xx answers are not logged as errors.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof PortalError) {
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
    reply.status(404).send({
      code: 'not_found',
      message: `Nothing at ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}
