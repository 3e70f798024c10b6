import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import type { Sources } from './import-graph';

const parse = (path: string, text: string): ts.SourceFile =>
  ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);

/** The names a file exports by declaration (`export const|function|class|type|interface|enum`). */
function declaredExports(file: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of file.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const { name } of statement.declarationList.declarations) {
        if (ts.isIdentifier(name)) names.push(name.text);
      }
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.push(statement.name.text);
    }
  }
  return names;
}

function resolveModule(from: string, specifier: string, sources: Sources): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = normalize(join(dirname(from), specifier))
    .split('\\')
    .join('/');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (sources.has(candidate)) return candidate;
  }
  return null;
}

const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Per module, the names other files take from it; `*` when a file may take any of them. */
function usedNames(sources: Sources, users: readonly string[]): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const take = (module: string | null, name: string) => {
    if (module) used.set(module, (used.get(module) ?? new Set()).add(name));
  };
  for (const path of users) {
    const text = sources.get(path) ?? '';
    for (const statement of parse(path, text).statements) {
      if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
      if (!statement.moduleSpecifier) continue;
      const module = resolveModule(path, (statement.moduleSpecifier as ts.StringLiteral).text, sources);
      const bindings = ts.isImportDeclaration(statement)
        ? statement.importClause?.namedBindings
        : statement.exportClause;
      if (!bindings || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) take(module, '*');
      else for (const element of bindings.elements) take(module, (element.propertyName ?? element.name).text);
    }
    // a lazy module: whatever the importing file names may be taken from it
    for (const [, specifier] of text.matchAll(DYNAMIC_IMPORT))
      take(resolveModule(path, specifier ?? '', sources), '*');
  }
  return used;
}

/**
 * `file: name` for each symbol a file of `checked` exports that no file of `users` imports:
 * either it is used only in its own file (then it needs no `export`) or nowhere (then it goes).
 */
export function deadExports(
  sources: Sources,
  checked: readonly string[],
  users: readonly string[],
): string[] {
  const used = usedNames(sources, users);
  const dead: string[] = [];
  for (const path of checked) {
    const taken = used.get(path);
    if (taken?.has('*')) continue;
    for (const name of declaredExports(parse(path, sources.get(path) ?? ''))) {
      if (!taken?.has(name)) dead.push(`${path}: ${name}`);
    }
  }
  return dead;
}
