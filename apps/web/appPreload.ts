import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { COOKIE_API_BASE, STORAGE_KEYS } from '../../packages/contract/src/constants';
import { notMainPattern } from './src/app/routes';
import { SLOT, type StartPlan, startPlan } from './src/app/startCalls';
import { apiHeaders, TOKEN_HEADER } from './src/platform/http';
import { START_GLOBAL } from './src/platform/startedCalls';

/** A script or stylesheet the start script asks for, by its path from the site's root. */
export interface StartFile {
  href: string;
  style: boolean;
}

/**
 * The page's inline start script. On a signed-in path, with a session token stored, it asks for the
 * signed-in app's chunk and styles (`files.app`; on a conversation's path its screen's too) and makes
 * the first screen's calls (`startPlan`: the session, the inbox's first page, a conversation's chat
 * and messages) while the boot script is still downloading; `api.ts` takes their answers
 * (app/startCalls.ts). Without it, on a phone's network, the app's code and then those calls (a
 * round trip or three each) are what the first screen waits for once boot has arrived and run.
 * Signed-out visitors get none of it, and with another API origin set (the `custom_api_base_url`
 * cookie) no call is made here. Plain ES5: it runs before any module has loaded.
 */
export function startScript(files: { app: StartFile[]; conversation: StartFile[] }, plan: StartPlan): string {
  const list = (of: StartFile[]) => JSON.stringify(of.map((f) => [f.href, f.style ? 1 : 0]));
  const json = JSON.stringify;
  const { inbox, conversation: convo, seat } = plan;
  return (
    `(function(){try{` +
    `var t=localStorage.getItem(${json(STORAGE_KEYS.authToken)}),p=location.pathname;` +
    `if(!t||${notMainPattern()}.test(p))return;` +
    `var load=function(f){var l=document.createElement("link");` +
    `if(f[1]){l.rel="preload";l.as="style"}else{l.rel="modulepreload"}` +
    `l.href=f[0];l.crossOrigin="";document.head.appendChild(l)};` +
    `${list(files.app)}.forEach(load);` +
    `if(${convo.path}.test(p))${list(files.conversation)}.forEach(load);` +
    `if(/(?:^|; )${COOKIE_API_BASE}=/.test(document.cookie))return;` +
    `var h=${json(apiHeaders(null))};h[${json(TOKEN_HEADER)}]=t;` +
    `var s=window[${json(START_GLOBAL)}]={token:t,at:Date.now(),byUrl:{}};` +
    `var get=function(u){var r=fetch(u,{headers:h,credentials:"same-origin"})` +
    `.catch(function(){return null});s.byUrl[u]=r;return r};` +
    `var put=function(u,v){return u.replace(${json(SLOT)},encodeURIComponent(v))};` +
    `var w=JSON.parse(localStorage.getItem(${json(seat.key)})||"null"),` +
    `may=function(a){return!w||a===null||a.some(function(x){return(w.permissions||[]).indexOf(x)>=0})};` +
    `${json(plan.always)}.forEach(get);` +
    `if(${inbox.path}.test(p)&&may(${json(seat.inbox)}))${json(inbox.urls)}.forEach(get);` +
    `var m=may(${json(seat.conversation)})&&${convo.path}.exec(p),id=m&&decodeURIComponent(m[1]);` +
    `if(id&&${convo.userId}.test(id))get(put(${json(convo.chat)},id)).then(function(r){` +
    `if(r&&r.ok)return r.clone().json().then(function(c){` +
    `if(c&&c.chat_id!=null)get(put(${json(convo.messages)},String(c.chat_id)))})})` +
    `.catch(function(){})` +
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
        const files = (name: string): StartFile[] => {
          const chunk = Object.values(ctx.bundle ?? {}).find(
            (out): out is OutputChunk => out.type === 'chunk' && out.name === name,
          );
          if (!chunk) throw new Error(`appPreload: the build has no \`${name}\` chunk (chunks.ts)`);
          const styles = (chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss;
          return [
            { href: base + chunk.fileName, style: false },
            ...[...(styles ?? [])].map((css) => ({ href: base + css, style: true })),
          ];
        };
        const script = startScript({ app: files('app'), conversation: files('conversation') }, startPlan());
        const tag = `<script>${script}</script>`;
        const at = html.indexOf('<link rel="stylesheet"');
        if (at === -1) return html.replace('</head>', `    ${tag}\n  </head>`);
        return `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`;
      },
    },
  };
}
