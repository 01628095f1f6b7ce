import type { z } from 'zod';
import { fieldRules, isFiniteNumber, refinementRules } from '@/lib/contract';
import type { Item } from './families';

/**
 * A fast "certainly valid" test for an object schema of lib/contract, built once from the rules its fields
 * and refinements registered (fieldRules, refinementRules): true means the schema accepts the item; false
 * means "ask the schema" (it may still accept it, and it alone names the issues). Plain string, number and
 * boolean schemas without checks, optional/nullable wrappers and arrays are read from the schema itself. A
 * schema with a part this does not know (a refinement or a check without a registered rule) gets no test:
 * every row goes to the schema, as before.
 */
export type Accept = (item: Item) => boolean;
export type Test = (value: unknown) => boolean;

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  checks?: unknown[];
};
// zod 4 types `def` per schema class; this walk reads the few fields every class it meets has.
const defOf = (schema: z.ZodType): Def => schema.def as Def;

const PRIMITIVES: Record<string, Test> = {
  string: (v) => typeof v === 'string',
  // z.number() refuses NaN and ±Infinity.
  number: isFiniteNumber,
  boolean: (v) => typeof v === 'boolean',
};

function fieldTest(schema: z.ZodType): Test | null {
  const rule = fieldRules.get(schema);
  if (rule) return rule;
  const def = defOf(schema);
  if (def.checks?.length && def.type !== 'object') return null;
  const primitive = PRIMITIVES[def.type];
  if (primitive) return primitive;
  if (def.type === 'object') return objectTest(schema);
  if (def.type === 'array') {
    const element = def.element ? fieldTest(def.element) : null;
    return element && ((v) => Array.isArray(v) && v.every(element));
  }
  const inner = def.innerType ? fieldTest(def.innerType) : null;
  if (!inner) return null;
  if (def.type === 'optional') return (v) => v === undefined || inner(v);
  if (def.type === 'nullable') return (v) => v === null || inner(v);
  return null;
}

/** An object schema's field tests and its refinement's rule, or null when a part has no rule. */
export type ObjectRules = { fields: ReadonlyMap<string, Test>; refinement: ((item: Item) => boolean) | null };

const rulesCache = new WeakMap<z.ZodType, ObjectRules | null>();

export function objectRules(schema: z.ZodType): ObjectRules | null {
  if (rulesCache.has(schema)) return rulesCache.get(schema)!;
  let rules: ObjectRules | null = null;
  const def = defOf(schema);
  const refinement = refinementRules.get(schema) ?? null;
  // Checks on an object are its refinements: known only through a registered rule.
  if (def.type === 'object' && def.shape && (!def.checks?.length || refinement)) {
    const fields = new Map<string, Test>();
    for (const [key, field] of Object.entries(def.shape)) {
      const test = fieldTest(field);
      if (!test) break;
      fields.set(key, test);
    }
    if (fields.size === Object.keys(def.shape).length) rules = { fields, refinement };
  }
  rulesCache.set(schema, rules);
  return rules;
}

function objectTest(schema: z.ZodType): Test | null {
  const accept = acceptFor(schema);
  return accept && ((v) => typeof v === 'object' && v !== null && !Array.isArray(v) && accept(v as Item));
}

function compile(rules: ObjectRules): Accept {
  const tests = [...rules.fields];
  const { fields, refinement } = rules;
  return (item) => {
    // A key the schema does not have: the schema decides.
    for (const key in item) if (!fields.has(key)) return false;
    for (let i = 0; i < tests.length; i++) {
      const [key, test] = tests[i]!;
      if (!test(item[key])) return false;
    }
    return refinement === null || refinement(item);
  };
}

const compiled = new WeakMap<z.ZodType, Accept | null>();

export function acceptFor(schema: z.ZodType): Accept | null {
  if (!compiled.has(schema)) {
    const rules = objectRules(schema);
    compiled.set(schema, rules && compile(rules));
  }
  return compiled.get(schema)!;
}
