import type { z } from 'zod';
import { fieldRules } from '@/lib/contract';
import type { Item } from './families';

/**
 * A fast "certainly valid" test for an object schema of lib/contract, built once from the rules its fields
 * registered (fieldRules): true means the schema accepts the item; false means "ask the schema" (it may
 * still accept it, and it alone names the issues). A schema with a part this does not know (an object-level
 * refinement, a field without a registered rule) gets no test: every row goes to the schema, as before.
 */
export type Accept = (item: Item) => boolean;

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; checks?: unknown[] };
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

function fieldTest(schema: z.ZodType): ((value: unknown) => boolean) | null {
  const rule = fieldRules.get(schema);
  if (rule) return rule;
  const def = defOf(schema);
  const inner = def.innerType ? fieldTest(def.innerType) : null;
  if (!inner) return null;
  if (def.type === 'optional') return (v) => v === undefined || inner(v);
  if (def.type === 'nullable') return (v) => v === null || inner(v);
  return null;
}

function compile(schema: z.ZodType): Accept | null {
  const def = defOf(schema);
  if (def.type !== 'object' || !def.shape || def.checks?.length) return null;
  const tests: [string, (value: unknown) => boolean][] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const test = fieldTest(field);
    if (!test) return null;
    tests.push([key, test]);
  }
  const known = new Set(tests.map(([key]) => key));
  return (item) => {
    for (const key in item) if (!known.has(key)) return false;
    for (let i = 0; i < tests.length; i++) {
      const [key, test] = tests[i]!;
      if (!test(item[key])) return false;
    }
    return true;
  };
}

const compiled = new WeakMap<z.ZodType, Accept | null>();

export function acceptFor(schema: z.ZodType): Accept | null {
  if (!compiled.has(schema)) compiled.set(schema, compile(schema));
  return compiled.get(schema)!;
}
