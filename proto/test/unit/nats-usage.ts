// What a service's code does on NATS, read from its source with the TypeScript parser (no type checking, so
// it reads a folder in milliseconds): proto's `Subjects.x` / `RpcSubjects.x` passed to `createEnvelope` or
// `publish` (produces), `subscribe` or the kit's `consumeOnce` (consumes, with its durable name), `request` (asks)
// and `reply` (answers). A subject the scan cannot attribute (a literal, a variable) is reported as a problem rather
// than missed, so the catalogue test fails instead of passing blind.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { DEAD_LETTER_SUBJECT, RpcSubjects, Subjects } from '../../src/events.js';

export type Role = 'publish' | 'subscribe' | 'request' | 'reply';

export interface NatsUse {
  role: Role;
  subject: string;
  /** The durable consumer's name, for `subscribe`. */
  durable?: string;
  where: string;
}

export interface Scan {
  uses: NatsUse[];
  /** Uses the scan cannot attribute to a catalogued subject: each is a test failure. */
  problems: string[];
  /** The source creates a JetStream key-value store (`new Kvm(…)`). */
  keyValue: boolean;
}

const SUBJECT_TABLES: Record<string, Record<string, string>> = { Subjects, RpcSubjects };
const ROLE_OF_METHOD = new Map<string, Role>([
  ['createEnvelope', 'publish'],
  ['publish', 'publish'],
  ['subscribe', 'subscribe'],
  ['consumeOnce', 'subscribe'],
  ['request', 'request'],
  ['reply', 'reply'],
]);

/** `Subjects.x` / `RpcSubjects.x` / `DEAD_LETTER_SUBJECT` → the subject; anything else → undefined. */
function subjectOf(node: ts.Node): string | undefined {
  if (ts.isIdentifier(node) && node.text === 'DEAD_LETTER_SUBJECT') return DEAD_LETTER_SUBJECT;
  if (!isSubjectTable(node)) return undefined;
  const table = SUBJECT_TABLES[node.expression.text]!;
  return Object.hasOwn(table, node.name.text) ? table[node.name.text] : undefined;
}

const isSubjectTable = (node: ts.Node): node is ts.PropertyAccessExpression & { expression: ts.Identifier } =>
  ts.isPropertyAccessExpression(node) &&
  ts.isIdentifier(node.expression) &&
  Object.hasOwn(SUBJECT_TABLES, node.expression.text);

/** The calls that are functions (the others are methods). */
const FUNCTIONS = new Set(['createEnvelope', 'consumeOnce']);

/**
 * Functions that hand a subject on to the bus (practice's `askingBooking(…).ask`, the calendar router's `action`): a
 * subject passed to one, in any position, is a use of that role; inside one, its own subject parameter is passed on.
 */
const FORWARDERS = new Map<string, Role>([
  ['ask', 'request'],
  ['action', 'request'],
]);

/** The name a function is known by: its declaration's, or the variable's or property's it is assigned to. */
function functionName(fn: ts.SignatureDeclaration): string | undefined {
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text;
  const holder = fn.parent;
  if ((ts.isPropertyAssignment(holder) || ts.isVariableDeclaration(holder)) && ts.isIdentifier(holder.name)) {
    return holder.name.text;
  }
  return undefined;
}

/** `node` is a parameter of the forwarder it is used in: its callers' subjects are the uses. */
function isForwardedParameter(node: ts.Node): boolean {
  if (!ts.isIdentifier(node)) return false;
  for (let scope: ts.Node | undefined = node.parent; scope; scope = scope.parent) {
    if (!ts.isFunctionLike(scope)) continue;
    if (!scope.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === node.text)) continue;
    const name = functionName(scope);
    return name !== undefined && FORWARDERS.has(name);
  }
  return false;
}

/** The value of property `name` of an object literal, or undefined. */
function propertyOf(node: ts.Node | undefined, name: string): ts.Expression | undefined {
  if (!node || !ts.isObjectLiteralExpression(node)) return undefined;
  const found = node.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === name);
  return found && ts.isPropertyAssignment(found) ? found.initializer : undefined;
}

/** The NATS role of a call, from its callee: `createEnvelope(…)` and `consumeOnce(…)` are functions, the others methods. */
function roleOf(call: ts.CallExpression | ts.NewExpression): { role: Role; method: string } | undefined {
  if (!ts.isCallExpression(call)) return undefined;
  const callee = call.expression;
  if (ts.isIdentifier(callee) && FORWARDERS.has(callee.text)) {
    return { role: FORWARDERS.get(callee.text)!, method: callee.text };
  }
  const method = ts.isIdentifier(callee)
    ? callee.text
    : ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : undefined;
  const role = method === undefined ? undefined : ROLE_OF_METHOD.get(method);
  if (!role || FUNCTIONS.has(method!) !== ts.isIdentifier(callee)) return undefined;
  return { role, method: method! };
}

export function scanSource(text: string, file: string): Scan {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const scan: Scan = { uses: [], problems: [], keyValue: false };
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

  const visit = (node: ts.Node): void => {
    // A bucket is opened with the NATS client's Kvm, or through the kit's KvSlotStore.open (src/limits).
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Kvm') {
      scan.keyValue = true;
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'KvSlotStore' &&
      node.expression.name.text === 'open'
    ) {
      scan.keyValue = true;
    }
    if (isSubjectTable(node) && subjectOf(node) === undefined) {
      scan.problems.push(`${where(node)}: ${node.getText()} is not a subject of proto's events.ts`);
    }
    // A subject handed to a call the scan does not know (a new kit helper, say) might be a use it would miss.
    const parent = node.parent as ts.Node | undefined;
    if (
      subjectOf(node) !== undefined &&
      parent &&
      (ts.isCallExpression(parent) || ts.isNewExpression(parent)) &&
      parent.arguments?.some((a) => a === node) &&
      !roleOf(parent)
    ) {
      scan.problems.push(
        `${where(node)}: ${parent.expression.getText()}(${node.getText()}, …) is a call the scan does not know; teach nats-usage.ts what it does`,
      );
    }
    if (ts.isCallExpression(node)) {
      const found = roleOf(node);
      if (found) classify(node, found.role, found.method);
    }
    ts.forEachChild(node, visit);
  };

  const classify = (call: ts.CallExpression, role: Role, method: string) => {
    const [first, second] = call.arguments;
    if (FORWARDERS.has(method)) {
      // Without a subject among its arguments it is another function of that name (the subject, where one is
      // written, is checked where it is written).
      const subject = call.arguments.map(subjectOf).find((found) => found !== undefined);
      if (subject) scan.uses.push({ role, subject, where: where(call) });
      return;
    }
    // `consumeOnce(deps, { subject, durable, schema }, apply)`: the kit's consumer that applies each event once.
    if (method === 'consumeOnce') {
      const subjectNode = propertyOf(second, 'subject');
      const subject = subjectNode && subjectOf(subjectNode);
      const durable = propertyOf(second, 'durable');
      if (subject && durable && ts.isStringLiteralLike(durable)) {
        scan.uses.push({ role, subject, durable: durable.text, where: where(call) });
      } else {
        scan.problems.push(`${where(call)}: consumeOnce(…) with a subject or durable name the scan cannot read`);
      }
      return;
    }
    // `bus.publish(envelope, { subject })`: the subject is the envelope's type (its createEnvelope counts),
    // unless the options name another.
    if (method === 'publish' && first && !subjectOf(first) && !ts.isStringLiteralLike(first)) {
      const options = call.arguments[1];
      const named =
        options && ts.isObjectLiteralExpression(options)
          ? options.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'subject')
          : undefined;
      if (!named) return;
      const value = ts.isPropertyAssignment(named) ? named.initializer : undefined;
      const subject = value && subjectOf(value);
      if (subject) scan.uses.push({ role, subject, where: where(call) });
      else scan.problems.push(`${where(call)}: ${method}(…) with a subject the scan cannot read; use proto's Subjects`);
      return;
    }
    // Anything else whose first argument is an object is not NATS (an HTTP client's `request({…})`, say).
    if (!first || ts.isObjectLiteralExpression(first) || ts.isArrowFunction(first) || ts.isFunctionExpression(first)) {
      return;
    }
    const subject = subjectOf(first);
    if (!subject && isForwardedParameter(first)) return;
    if (!subject) {
      scan.problems.push(
        `${where(call)}: ${method}(${first.getText()}, …): pass proto's Subjects.x or RpcSubjects.x itself`,
      );
      return;
    }
    const use: NatsUse = { role, subject, where: where(call) };
    if (role === 'subscribe') {
      if (second && ts.isStringLiteralLike(second)) use.durable = second.text;
      else scan.problems.push(`${where(call)}: subscribe(…) with a durable name the scan cannot read; write it out`);
    }
    scan.uses.push(use);
  };

  visit(source);
  return scan;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** Every source file of `services/<service>/src`, scanned and merged. */
export function scanService(servicesDir: string, service: string): Scan {
  const src = path.join(servicesDir, service, 'src');
  const merged: Scan = { uses: [], problems: [], keyValue: false };
  for (const file of sourceFiles(src)) {
    const scan = scanSource(readFileSync(file, 'utf8'), path.relative(path.dirname(servicesDir), file));
    merged.uses.push(...scan.uses);
    merged.problems.push(...scan.problems);
    merged.keyValue ||= scan.keyValue;
  }
  return merged;
}
