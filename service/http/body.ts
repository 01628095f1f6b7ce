import type { Context } from 'hono';
import { BATCH_MAX_ITEMS } from '@/lib/contract';
import type { Env } from './env';
import { ApiError } from './errors';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Parses the signed body bytes as JSON; `undefined` when there is no body. Bad UTF-8 or JSON is invalid_parameter. */
export function parseBody(c: Context<Env>): unknown {
  const bytes = c.get('body');
  if (bytes.length === 0) return undefined;
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new ApiError(400, 'invalid_parameter');
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'invalid_parameter');
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A single write: the body must be one JSON object (contract §1 "Malformed input"). */
export function readObject(c: Context<Env>): Record<string, unknown> {
  const body = parseBody(c);
  if (!isPlainObject(body)) throw new ApiError(400, 'invalid_parameter');
  return body;
}

/** A batch: a JSON array of 1 to 1000 elements; elements are checked one by one by the item handler. */
export function readBatch(c: Context<Env>): unknown[] {
  const body = parseBody(c);
  if (body === undefined || body === null) throw new ApiError(400, 'empty_batch');
  if (!Array.isArray(body)) throw new ApiError(400, 'invalid_parameter');
  if (body.length === 0) throw new ApiError(400, 'empty_batch');
  if (body.length > BATCH_MAX_ITEMS) throw new ApiError(400, 'batch_too_large');
  return body;
}
