import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The web app calls the API only through the contract's endpoint table (`call`, `follow`,
// `endpointPath`), so the client and the server cannot disagree about a path. A literal API path
// in a string or a template anywhere in the app's code would bypass the table.

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const API_PATH = /\/v\d+\b/;

/** The string and template literals of a file that hold an API path (comments are not literals). */
function literalPaths(fileName: string, text: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)) &&
      API_PATH.test(node.text)
    ) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push(`${fileName}:${line + 1} ${node.getText(file)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('API paths in the web app', () => {
  it('are found in strings and templates, not in comments', () => {
    const sample = `// GET /v1/chats: a comment
const a = '/v1/chats';
const b = \`/v1/chats/\${id}/messages\`;
const c = \`\${base}/v2/account/defaults\`;
const d = <a href="/v1/media">x</a>;`;
    expect(literalPaths('sample.tsx', sample)).toHaveLength(4);
  });

  it('never appear as literals outside tests: every call goes through the endpoint table', () => {
    const files = Object.keys(sources);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((name) => literalPaths(name, sources[name] ?? ''));
    expect(offenders).toEqual([]);
  });
});
