import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Zod's modules that write JSON Schema: every classic schema reaches them, the browser never calls them. */
const JSON_SCHEMA_MODULES = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
const PREFIX = '\0zod-without-json-schema:';

/** The names a module exports, read from its ES source (`export function f`, `export { a as b }`). */
export function exportedNames(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/^export (?:async )?(?:function\*?|const|let|var|class) (\w+)/gm)) {
    names.add(match[1] as string);
  }
  for (const match of source.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of (match[1] as string).split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return [...names];
}

/** Zod's own fold of a schema's checks, the first part of `json-schema-processors.js`, with only its util import. */
function aggregateChecksSource(source: string, file: string): string {
  const start = source.indexOf('\nexport function aggregateChecks(');
  const end = source.indexOf('\n}\n', start);
  if (start < 0 || end < 0) throw new Error(`zodWithoutJsonSchema: no aggregateChecks in ${file}`);
  const util = JSON.stringify(path.join(path.dirname(file), 'util.js'));
  return source
    .slice(0, end + 3)
    .replace(/^import .*$/gm, (line) =>
      line.endsWith('"./util.js";') ? line.replace('"./util.js"', util) : '',
    );
}

/**
 * The stand-in for one of those modules: every export a function that says JSON Schema is not in
 * the web build. Two kinds are kept working because a schema reaches them without asking for JSON
 * Schema: the `~standard` getter builds (not calls) its `jsonSchema` methods, and the `minLength`,
 * `format`, `isInt`… getters read `aggregateChecks`, kept as Zod wrote it.
 */
export function standIn(source: string, file: string): string {
  const names = exportedNames(source);
  const lines = names.includes('aggregateChecks') ? [aggregateChecksSource(source, file)] : [];
  lines.push("const unavailable = () => { throw new Error('JSON Schema is not part of the web build'); };");
  for (const name of names) {
    if (name === 'aggregateChecks') continue;
    if (name === 'createToJSONSchemaMethod' || name === 'createStandardJSONSchemaMethod') {
      lines.push(`export const ${name} = () => unavailable;`);
    } else {
      lines.push(`export const ${name} = unavailable;`);
    }
  }
  return lines.join('\n');
}

/**
 * Leaves Zod's JSON Schema writer out of the browser's bundle: 17 KB of the boot script (4.7 KB
 * brotli) that every page downloads and no page runs. Only the server answers with JSON Schema.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'parlor:zod-without-json-schema',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!importer || !/[\\/]zod[\\/]/.test(importer) || !source.includes('json-schema')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !JSON_SCHEMA_MODULES.test(resolved.id)) return null;
      return PREFIX + resolved.id;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length);
      return standIn(fs.readFileSync(file, 'utf8'), file);
    },
  };
}
