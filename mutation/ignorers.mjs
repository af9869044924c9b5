// @ts-check
/**
 * What mutation testing leaves alone, and why, kept here rather than as pragmas in product code. Each ignorer is a
 * Stryker "Ignore" plugin: it sees a node of the source (a Babel NodePath) and returns the reason to skip every
 * mutant inside it, or undefined.
 */
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const SQL = /^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b/i;

/** The text of a string or template literal, its expressions left out. */
function literalText(node) {
  if (node.type === 'StringLiteral') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.raw).join(' ');
  return undefined;
}

/** The name of the function a path sits in (a declaration, or a const bound to an arrow or function). */
function enclosingFunction(path) {
  const fn = path.getFunctionParent();
  if (!fn) return undefined;
  if (fn.node.id?.name) return fn.node.id.name;
  const parent = fn.parentPath?.node;
  return parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' ? parent.id.name : undefined;
}

/**
 * Shortcuts that answer the same as the code after them, for speed: mutating their test changes nothing observable.
 * By function, the shortcut being its first `if` that returns at once.
 */
const EQUIVALENT_SHORTCUTS = {
  joinPath: 'the fast path for clean segments; the regexes after it answer the same for those paths',
};

export const strykerPlugins = [
  // A machine's `types: { context: {} as …, events: {} as … }` exists for the compiler only: emptying the object changes nothing at run time.
  declareValuePlugin(PluginKind.Ignore, 'compile-time-types', {
    shouldIgnore(path) {
      const n = path.node;
      if (n.type !== 'ObjectProperty' || n.key.type !== 'Identifier' || n.key.name !== 'types') return undefined;
      const call = path.parentPath?.parentPath?.node;
      const callee = call?.type === 'CallExpression' && call.callee.type === 'Identifier' ? call.callee.name : '';
      return ['setup', 'createMachine'].includes(callee) ? 'types exist for the compiler only (equivalent at run time)' : undefined;
    },
  }),
  // SQL text: the API suite runs it on PGlite and PostgreSQL; a mutated string is a syntax error or another query,
  // which those tests catch, but not the unit tests a mutation run uses.
  declareValuePlugin(PluginKind.Ignore, 'sql-text', {
    shouldIgnore(path) {
      const text = literalText(path.node);
      return text !== undefined && SQL.test(text) ? 'SQL text, run on PGlite and PostgreSQL by the API suite' : undefined;
    },
  }),
  declareValuePlugin(PluginKind.Ignore, 'equivalent-shortcuts', {
    shouldIgnore(path) {
      if (path.node.type !== 'IfStatement' || path.node.consequent.type !== 'ReturnStatement') return undefined;
      const name = enclosingFunction(path);
      return name && Object.hasOwn(EQUIVALENT_SHORTCUTS, name) ? EQUIVALENT_SHORTCUTS[name] : undefined;
    },
  }),
];
