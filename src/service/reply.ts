// How the local service writes a JSON answer: status, headers, content type and the serialized body.
import type { FastifyReply } from 'fastify';

export const JSON_TYPE = 'application/json; charset=utf-8';

export function send(
  reply: FastifyReply,
  status: number,
  json: string,
  headers?: Record<string, string>,
): FastifyReply {
  reply.code(status);
  if (headers) for (const k in headers) reply.header(k, headers[k]!);
  reply.header('content-type', JSON_TYPE);
  return reply.send(json);
}
