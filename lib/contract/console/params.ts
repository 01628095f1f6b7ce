import { z } from 'zod';

/** What an endpoint without params, query or body takes: an empty object, nothing else. */
export const NO_INPUT = z.object({});

/** A path segment that is a console id (a bigint serial): anything else is not found, without a query. */
export const idParam = z.string().regex(/^[0-9]{1,18}$/);
