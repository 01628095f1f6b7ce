import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The console's response types are declared once, in lib/contract/console: a production file elsewhere that
// declares one again, under its own name or another (an object type with the same fields, a union of the
// same words), fails here. Re-exports and imports are fine; small shapes (under three fields) are not judged.

type Shape = { name: string; file: string; key: string };

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Object types by their field names, unions of string literals by their words; others are left out. */
function shapeKey(node: ts.TypeNode | ts.InterfaceDeclaration): string | null {
  const members = ts.isInterfaceDeclaration(node) ? node.members : ts.isTypeLiteralNode(node) ? node.members : null;
  if (members) {
    const names = members.filter(ts.isPropertySignature).map((m) => m.name.getText());
    return names.length >= 3 ? `{${names.sort().join(',')}}` : null;
  }
  if (ts.isUnionTypeNode(node)) {
    const words = node.types.filter(ts.isLiteralTypeNode).map((t) => t.literal.getText());
    return words.length >= 3 && words.length === node.types.length ? `|${words.sort().join('|')}` : null;
  }
  return null;
}

function declaredShapes(file: string): Shape[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: Shape[] = [];
  const visit = (node: ts.Node) => {
    let key: string | null = null;
    let name = '';
    if (ts.isInterfaceDeclaration(node)) [key, name] = [shapeKey(node), node.name.text];
    else if (ts.isTypeAliasDeclaration(node)) [key, name] = [shapeKey(node.type), node.name.text];
    if (name) out.push({ name, file, key: key ?? `name:${name}` });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const contract = files('lib/contract/console').flatMap(declaredShapes);
const elsewhere = ['app', 'components', 'lib']
  .flatMap((dir) => files(dir))
  .filter((file) => !file.startsWith('lib/contract/'))
  .flatMap(declaredShapes);

describe('console response types', () => {
  it('are found in the contract', () => {
    expect(contract.map((s) => s.name)).toEqual(
      expect.arrayContaining(['ImportView', 'RowView', 'RowStatus', 'ExportView', 'QuotaStatus', 'CreditRow']),
    );
  });

  it('are declared nowhere else, under any name', () => {
    const byKey = new Map(contract.filter((s) => !s.key.startsWith('name:')).map((s) => [s.key, s.name]));
    const names = new Set(contract.map((s) => s.name));
    const again = elsewhere
      .filter((s) => byKey.has(s.key) || names.has(s.name))
      .map((s) => `${s.file}: ${s.name} repeats lib/contract/console's ${byKey.get(s.key) ?? s.name}`);
    expect(again).toEqual([]);
  });
});
