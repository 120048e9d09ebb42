#!/usr/bin/env node
// The page's scripts in the language docs/page.md promises (plain ES2017, for old phones' WebViews):
// each parsed by TypeScript's parser as a JavaScript file (Debian's node-typescript), every syntax
// error and every construct newer than ES2017 named as file:line:column: message. Exit 1 on any.
const ts = require(process.env.TYPESCRIPT || '/usr/share/nodejs/typescript');
const fs = require('fs');
const K = ts.SyntaxKind;
let problems = 0;
function say(sf, pos, message) {
  const { line, character } = sf.getLineAndCharacterOfPosition(pos);
  console.log(`${sf.fileName}:${line + 1}:${character + 1}: ${message}`);
  problems++;
}
const REGEX_NEWER = [[/\(\?<[A-Za-z_$]/, 'a named capture group (ES2018)'], [/\(\?<[=!]/, 'a lookbehind (ES2018)'], [/\\[pP]\{/, 'a Unicode property escape (ES2018)']];
function walk(sf, n) {
  const newer = (what) => say(sf, n.getStart(sf), what);
  if ((ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n) || ts.isCallExpression(n)) && n.questionDotToken) newer('optional chaining ?. (ES2020)');
  if (ts.isBinaryExpression(n)) {
    const k = n.operatorToken.kind;
    if (k === K.QuestionQuestionToken) newer('?? (ES2020)');
    if (k === K.QuestionQuestionEqualsToken || k === K.BarBarEqualsToken || k === K.AmpersandAmpersandEqualsToken) newer('a logical assignment (ES2021)');
  }
  if (ts.isSpreadAssignment(n)) newer('object spread (ES2018)');
  if (ts.isBindingElement(n) && n.dotDotDotToken && ts.isObjectBindingPattern(n.parent)) newer('object rest (ES2018)');
  if (ts.isCatchClause(n) && !n.variableDeclaration) newer('an optional catch binding (ES2019)');
  if (n.kind === K.BigIntLiteral) newer('a BigInt literal (ES2020)');
  if (ts.isNumericLiteral(n) && n.getText(sf).indexOf('_') >= 0) newer('a numeric separator (ES2021)');
  if (ts.isForOfStatement(n) && n.awaitModifier) newer('for await (ES2018)');
  if ((ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isMethodDeclaration(n)) && n.asteriskToken &&
      (ts.getModifiers ? ts.getModifiers(n) || [] : n.modifiers || []).some((m) => m.kind === K.AsyncKeyword)) newer('an async generator (ES2018)');
  if (ts.isPropertyDeclaration(n) && ts.isClassLike(n.parent)) newer('a class field (ES2022)');
  if (n.kind === K.PrivateIdentifier) newer('a private name (ES2022)');
  if (ts.isClassStaticBlockDeclaration && ts.isClassStaticBlockDeclaration(n)) newer('a static block (ES2022)');
  if (ts.isCallExpression(n) && n.expression.kind === K.ImportKeyword) newer('import() (ES2020)');
  if (ts.isMetaProperty(n) && n.keywordToken === K.ImportKeyword) newer('import.meta (ES2020)');
  if (n.kind === K.RegularExpressionLiteral) {
    const text = n.getText(sf), flags = text.slice(text.lastIndexOf('/') + 1);
    if (/[sd]/.test(flags)) newer(`the regular expression flag ${flags.match(/[sd]/)[0]} (ES2018+)`);
    REGEX_NEWER.forEach(([re, what]) => { if (re.test(text.slice(0, text.lastIndexOf('/')))) newer(what); });
  }
  ts.forEachChild(n, (c) => walk(sf, c));
}
for (const file of process.argv.slice(2)) {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2017, true, ts.ScriptKind.JS);
  (sf.parseDiagnostics || []).forEach((d) => say(sf, d.start, 'syntax: ' + ts.flattenDiagnosticMessageText(d.messageText, ' ')));
  walk(sf, sf);
}
process.exit(problems ? 1 : 0);
