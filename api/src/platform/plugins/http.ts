/** How bodies are read and answers written: the JSON body parser and the zod schema compilers. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

async function http(app: FastifyInstance) {
  // a JSON content type with an empty body (a DELETE whose id is in the query) is "no body",
  // not invalid JSON; anything else goes to Fastify's own parser (prototype-poisoning checks kept)
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    void parseJson(req, text, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

export default fp(http, { name: 'http' });
