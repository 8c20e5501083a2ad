// Request bodies of the service: `application/json` parsed with bounded nesting (checked on the text, so nothing
// recursive ever walks an attacker's structure, and every later walk — fingerprint, validation — stays shallow). A
// v1 body that is not JSON, or nests too deeply, is refused 400 once the request has passed its access checks and
// any injected fault has fired (a fault stands in front of the service); other routes (admin) get the marker as their
// body and refuse it with their own rules.
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { validation } from './errors.js';

/** Deepest nesting of objects and arrays a request body may have (no v1 body needs more than 4). */
export const MAX_JSON_DEPTH = 32;

const MALFORMED_JSON = Symbol('malformed JSON');
const TOO_DEEP = Symbol('too deeply nested JSON');

/** True when the JSON text opens more than `max` nested objects/arrays (brackets inside strings don't count). */
export function exceedsDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const jsonBody: FastifyPluginCallback = (app, _opts, done) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, parsed) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return parsed(null, undefined);
    try {
      if (exceedsDepth(text, MAX_JSON_DEPTH)) return parsed(null, TOO_DEEP);
      parsed(null, JSON.parse(text));
    } catch {
      parsed(null, MALFORMED_JSON);
    }
  });
  app.addHook('preValidation', (req, _reply, next) => {
    if (!req.auth || (req.body !== MALFORMED_JSON && req.body !== TOO_DEEP)) return next();
    if (req.body === MALFORMED_JSON)
      return next(validation([{ field: 'body', rule: 'json', message: 'request body is not valid JSON' }]));
    const message = `request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep`;
    next(validation([{ field: 'body', rule: 'max_depth', message }]));
  });
  done();
};

export const jsonBodyPlugin = fp(jsonBody, { name: 'json-body', dependencies: ['auth', 'faults'] });
