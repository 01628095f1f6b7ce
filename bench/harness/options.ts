import { parseArgs, type ParseArgsConfig } from 'node:util';

type Default = number | string | boolean;
type Read<T> = { [K in keyof T]: T[K] extends number ? number : T[K] extends boolean ? boolean : string };

/**
 * A bench's command line, from each option's default: `--name value` for a number or a word, `--name` alone for a
 * flag (false unless given). Numbers come back as numbers; an option not named here is refused, as parseArgs does.
 */
export function benchOptions<T extends Record<string, Default>>(defaults: T): Read<T> {
  const options: ParseArgsConfig['options'] = Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [
      name,
      typeof value === 'boolean' ? { type: 'boolean', default: value } : { type: 'string', default: String(value) },
    ]),
  );
  const { values } = parseArgs({ options });
  return Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [
      name,
      typeof value === 'number' ? Number(values[name]) : values[name],
    ]),
  ) as Read<T>;
}
