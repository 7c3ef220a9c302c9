import { dirname, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Finds hooks (afterAll, afterEach, beforeAll, beforeEach) registered inside a test's or another
 * hook's body, which vitest never runs: directly, or through a function that registers one
 * (`serverForFile`), in the same file or imported from another. A test body cleans up with
 * `onTestFinished` instead, and a file's server is started where its tests are declared.
 */

const HOOKS = new Set(['afterAll', 'afterEach', 'beforeAll', 'beforeEach']);
/** What may follow `it` or `test` in a call that declares a test (`it.each(…)(…)`, `test.skip`). */
const TEST_MODIFIERS = new Set([
  'only',
  'skip',
  'todo',
  'fails',
  'concurrent',
  'sequential',
  'each',
  'for',
  'runIf',
  'skipIf',
  'fixme',
]);

export interface SourceText {
  /** An absolute path: relative imports are resolved from it. */
  path: string;
  text: string;
}

/** The root identifier of a callee and the property names after it (`test.describe` → test, [describe]). */
function calleeChain(expression: ts.Expression): { root?: string; names: string[] } {
  if (ts.isIdentifier(expression)) return { root: expression.text, names: [] };
  if (ts.isPropertyAccessExpression(expression)) {
    const inner = calleeChain(expression.expression);
    return { root: inner.root, names: [...inner.names, expression.name.text] };
  }
  if (ts.isCallExpression(expression)) return calleeChain(expression.expression);
  return { names: [] };
}

function isHookCall(call: ts.CallExpression) {
  const { root, names } = calleeChain(call.expression);
  const last = names.at(-1) ?? root;
  // vitest's `afterAll(…)`, Playwright's `test.afterAll(…)`.
  return last !== undefined && HOOKS.has(last) && (names.length === 0 || root === 'test');
}

function isTestCall(call: ts.CallExpression) {
  const { root, names } = calleeChain(call.expression);
  return (root === 'it' || root === 'test') && names.every((name) => TEST_MODIFIERS.has(name));
}

/** The functions a file declares at its top level by name, and the names it imports from where. */
function readFile(source: SourceText) {
  const file = ts.createSourceFile(source.path, source.text, ts.ScriptTarget.Latest, true);
  const functions = new Map<string, ts.Node>();
  const imports = new Map<string, { path: string; name: string }>();
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      functions.set(statement.name.text, statement.body);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const value = declaration.initializer;
        if (
          ts.isIdentifier(declaration.name) &&
          value &&
          (ts.isArrowFunction(value) || ts.isFunctionExpression(value))
        ) {
          functions.set(declaration.name.text, value.body);
        }
      }
    } else if (
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text.startsWith('.')
    ) {
      const path = resolve(dirname(source.path), statement.moduleSpecifier.text);
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          imports.set(element.name.text, {
            path,
            name: (element.propertyName ?? element.name).text,
          });
        }
      }
    }
  }
  return { file, functions, imports };
}

/**
 * `path:line: what` for each hook registered inside a test's or a hook's body of the test files
 * among `sources`.
 */
export function hooksRegisteredTooLate(
  sources: readonly SourceText[],
  isTestFile: (path: string) => boolean,
): string[] {
  const files = new Map(sources.map((source) => [source.path, readFile(source)]));
  const registering = new Map<string, boolean>();

  /** Whether calling `name` in `path` registers a hook, itself or through what it calls. */
  function registers(path: string, name: string): boolean {
    const file = files.get(path);
    const imported = file?.imports.get(name);
    if (imported) return registers(imported.path, imported.name);
    const body = file?.functions.get(name);
    if (!body) return false;
    const key = `${path}#${name}`;
    if (!registering.has(key)) {
      registering.set(key, false);
      registering.set(key, firstHook(path, body) !== undefined);
    }
    return registering.get(key)!;
  }

  /** The first call in `node` that registers a hook: its node and what it calls. */
  function firstHook(path: string, node: ts.Node): { at: ts.Node; what: string } | undefined {
    let found: { at: ts.Node; what: string } | undefined;
    const visit = (child: ts.Node) => {
      if (found) return;
      if (ts.isCallExpression(child)) {
        if (isHookCall(child)) {
          found = { at: child, what: child.expression.getText() };
          return;
        }
        if (ts.isIdentifier(child.expression) && registers(path, child.expression.text)) {
          found = { at: child, what: `${child.expression.text}, which registers a hook` };
          return;
        }
      }
      ts.forEachChild(child, visit);
    };
    ts.forEachChild(node, visit);
    return found;
  }

  const found: string[] = [];
  for (const [path, { file }] of files) {
    if (!isTestFile(path)) continue;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && (isTestCall(node) || isHookCall(node))) {
        const body = node.arguments.find(
          (argument) => ts.isArrowFunction(argument) || ts.isFunctionExpression(argument),
        );
        const hook = body && firstHook(path, body);
        if (hook) {
          const line = file.getLineAndCharacterOfPosition(hook.at.getStart()).line + 1;
          found.push(`${path}:${line}: ${hook.what}`);
        }
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}
