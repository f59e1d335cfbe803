import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { STORAGE_KEYS } from '../../packages/contract/src/constants';
import { notMainPattern } from './src/app/routes';

/**
 * The page's inline start script: on a signed-in path, with a session token stored, it asks for the
 * signed-in app's chunk and styles (`files`, paths from the site's root) while the boot script is
 * still downloading. Without it they are asked for only once boot has arrived and run, and on a
 * phone's network their download (a round trip or three) is the last thing the first screen waits
 * for. Signed-out visitors never fetch them. Plain ES5: it runs before any module has loaded.
 */
export function startScript(files: { href: string; style: boolean }[]): string {
  const list = JSON.stringify(files.map((f) => [f.href, f.style ? 1 : 0]));
  return (
    `(function(){try{` +
    `if(!localStorage.getItem(${JSON.stringify(STORAGE_KEYS.authToken)})||${notMainPattern()}.test(location.pathname))return;` +
    `${list}.forEach(function(f){var l=document.createElement("link");` +
    `if(f[1]){l.rel="preload";l.as="style"}else{l.rel="modulepreload"}` +
    `l.href=f[0];l.crossOrigin="";document.head.appendChild(l)})` +
    `}catch(e){}})()`
  );
}

/**
 * Writes the start script into the built index.html, after the boot script's tags (boot is asked
 * for first) and before the stylesheet (an inline script after a stylesheet waits for it to load).
 * The server allows it by its hash (apps/server/src/plugins/security.ts).
 */
export function appPreload(): Plugin {
  let base = '/';
  return {
    name: 'parlor:app-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const app = Object.values(ctx.bundle ?? {}).find(
          (out): out is OutputChunk => out.type === 'chunk' && out.name === 'app',
        );
        if (!app) throw new Error('appPreload: the build has no `app` chunk (chunks.ts)');
        const styles = [
          ...((app as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []),
        ];
        const files = [
          { href: base + app.fileName, style: false },
          ...styles.map((css) => ({ href: base + css, style: true })),
        ];
        const tag = `<script>${startScript(files)}</script>`;
        const at = html.indexOf('<link rel="stylesheet"');
        if (at === -1) return html.replace('</head>', `    ${tag}\n  </head>`);
        return `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`;
      },
    },
  };
}
