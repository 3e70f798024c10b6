import ts from 'typescript';

/** Calls that change a Map, a Set or an array in place. */
const MUTATORS = /^(set|add|delete|clear|push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin)$/;

/** A top-level `let`, or a top-level collection (`new Map`, `new Set`, `[]`, `{}`) the file changes. */
function isCollection(initializer: ts.Expression | undefined): boolean {
  if (!initializer) return false;
  if (ts.isNewExpression(initializer))
    return /^(Map|Set|WeakMap|WeakSet|Array)$/.test(initializer.expression.getText());
  return ts.isArrayLiteralExpression(initializer) || ts.isObjectLiteralExpression(initializer);
}

/** Whether the file changes `name` in place: `name.set(…)`, `name.push(…)`, `name[key] = …`. */
function mutates(file: ts.SourceFile, name: string): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.expression.getText(file) === name &&
      MUTATORS.test(node.expression.name.text)
    )
      found = true;
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
      (ts.isElementAccessExpression(node.left) || ts.isPropertyAccessExpression(node.left)) &&
      node.left.expression.getText(file) === name
    )
      found = true;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * The module-level mutable state of one source file, as `path: name (why)` lines: what every store
 * of a process would share (issue 23).
 */
export function moduleState(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const hits: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const isLet = (statement.declarationList.flags & ts.NodeFlags.Let) !== 0;
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText(file);
      if (isLet) hits.push(`${path}: ${name} (a top-level let)`);
      else if (isCollection(declaration.initializer) && mutates(file, name))
        hits.push(`${path}: ${name} (a top-level collection changed in place)`);
    }
  }
  return hits;
}
