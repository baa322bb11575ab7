import ts from 'typescript';

/** A user-visible string written in the source instead of going through the catalogs. */
export interface Untranslated {
  file: string;
  line: number;
  text: string;
}

/**
 * Names that are the same in every language (brands), web and email addresses; a string is untranslated if
 * it has words besides these. Keep this list tiny: anything a person reads as a sentence belongs in a catalog.
 */
const BRANDS = /\b(Commonwork|GitHub|Google|LinkedIn|Twitter)\b|https?:\/\/\S*|\S+@\S+/g;

// Attributes and props a person reads or hears: aria-label, title, placeholder, alt, label, and
// our components' `…Label`, `…Text`, `…Title`, `…Message`, `…Placeholder`, `…Hint`, `…Description`.
const VISIBLE_PROP =
  /^(aria-label|aria-description|aria-valuetext|title|placeholder|alt|label)$|(Label|Text|Title|Message|Placeholder|Hint|Description)$/;
// An object's property that holds words for a screen (a nav item's label, a FAQ's question…).
const VISIBLE_KEY = /^(label|title|placeholder|alt|message|text|description|hint|heading|subtitle|question|answer|tooltip|caption)$/;
// A constant that holds words: SESSION_EXPIRED_MESSAGE, EMPTY_TEXT…
const VISIBLE_CONSTANT = /(MESSAGE|TEXT|LABEL|TITLE|PLACEHOLDER)S?$/;
// Calls that show their first argument: toasts and the browser's dialogs.
const SHOWING_CALL = /^(toast(\.(error|success|loading))?|(window\.)?(alert|confirm|prompt))$/;

// A catalog's message id ('events.listing.empty'), kept in code to be given to `t` later.
const MESSAGE_ID = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;

// A sentence or a title as people read them: a capitalised word followed by more ('Failed to load
// events', 'Upload failed'); code's strings (paths, classes, keys, formats) do not look like this.
const PROSE = /^\s*[A-Z][a-z'’]+[\s,]+\S*[a-z]/;
// Modules of words for screens: every string in them is for people.
const WORDS_MODULE = /(^|[\\/])(messages|content|copy|text)\.ts$/;
// Calls whose strings are for developers: console output and plain errors.
const DEVELOPER_CALL = /^(console\.\w+|(new )?(Error|TypeError|RangeError))$/;

// A code token: 'signin_with', 'unread-messages' (an API's option, a query key).
const CODE_TOKEN = /^[a-z0-9]+([_-][a-z0-9]+)+$/;

const hasWords = (text: string) => !MESSAGE_ID.test(text) && !CODE_TOKEN.test(text) && /\p{L}/u.test(text.replace(BRANDS, ''));

/**
 * The strings an expression may evaluate to as written: a literal, a template's text, both sides of
 * a condition or of `a || b`, `a ?? b`, and the right of `a && b`. A call's result (`t('…')`, a
 * formatter) is what the call returns, not written here.
 */
function writtenStrings(node: ts.Node): ts.Node[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) return [node];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return writtenStrings(node.expression);
  if (ts.isConditionalExpression(node)) return [...writtenStrings(node.whenTrue), ...writtenStrings(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken)
      return [...writtenStrings(node.left), ...writtenStrings(node.right)];
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return writtenStrings(node.right);
    if (op === ts.SyntaxKind.PlusToken) return [...writtenStrings(node.left), ...writtenStrings(node.right)];
  }
  return [];
}

/** A string node's words as written: a template's text without its `${…}` parts. */
function textOf(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  return '';
}

const propName = (name: ts.Node): string => (ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : name.getText());

/** A call or `new` whose strings are for developers (console output, a plain Error). */
function isForDevelopers(node: ts.Node, sourceFile: ts.SourceFile): boolean {
  if (ts.isCallExpression(node)) return DEVELOPER_CALL.test(node.expression.getText(sourceFile));
  if (ts.isNewExpression(node)) return DEVELOPER_CALL.test(`new ${node.expression.getText(sourceFile)}`);
  return false;
}

/** A string that names a property (`{ 'aria-label': … }`, `x['key']`) rather than being a value. */
const isPropertyName = (node: ts.Node) =>
  (ts.isPropertyAssignment(node.parent) && node.parent.name === node) ||
  ts.isLiteralTypeNode(node.parent) ||
  ts.isElementAccessExpression(node.parent);

/**
 * Every user-visible string of one source file left untranslated: JSX text; strings in JSX
 * expressions shown as children; strings given to visible attributes and props; strings under an
 * object's visible key or in a words constant; what toasts and the browser's dialogs are given;
 * anything that reads as a sentence; and every string of a words module (messages.ts, content.ts).
 */
export function findUntranslated(file: string, source: string): Untranslated[] {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Untranslated[] = [];
  const reported = new Set<number>();
  const report = (node: ts.Node, text: string) => {
    if (!hasWords(text) || reported.has(node.getStart())) return;
    reported.add(node.getStart());
    found.push({ file, line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.replace(/\s+/g, ' ').trim() });
  };
  const reportWritten = (node: ts.Node | undefined) => {
    for (const written of node ? writtenStrings(node) : []) report(written, textOf(written));
  };
  const wordsModule = WORDS_MODULE.test(file);
  const visit = (node: ts.Node): void => {
    if (isForDevelopers(node, sourceFile) || ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) && !isPropertyName(node)) {
      if (wordsModule || PROSE.test(textOf(node))) report(node, textOf(node));
    }
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)))
      reportWritten(node.expression);
    else if (ts.isJsxAttribute(node) && VISIBLE_PROP.test(propName(node.name)) && node.initializer) {
      reportWritten(ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer);
    } else if (ts.isPropertyAssignment(node) && VISIBLE_KEY.test(propName(node.name))) reportWritten(node.initializer);
    else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && VISIBLE_CONSTANT.test(node.name.text))
      reportWritten(node.initializer);
    else if (ts.isCallExpression(node) && SHOWING_CALL.test(node.expression.getText(sourceFile))) reportWritten(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}
