import path from 'node:path';

interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

interface Groups {
  /**
   * Every module the entry imports (not the entry itself), and what the app shares with the
   * signed-out screens: one file instead of a dozen.
   */
  boot: Set<string>;
  /** The signed-in app and its inbox, less what signed-out screens share. */
  app: Set<string>;
  /** A conversation's screen, less what the app has: loaded with the app on a conversation's path. */
  conversation: Set<string>;
}

function closure(graph: ModuleGraph, roots: Iterable<string>, stop: Set<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id) || stop.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Names the chunk of each module so that a page opening the app asks for few files. Left to itself
 * the bundler splits every module shared by the entry and a lazy screen into a file of its own: the
 * inbox asked for 33 scripts and stylesheets, most under 2 KB, and a phone on HTTP/1.1 (six
 * connections per host, a round trip each) waits for them in waves. Now the entry's static imports
 * are one chunk (`boot`), the signed-in app with the inbox another (`app`) and a conversation's screen
 * a third (`conversation`); the other screens stay chunks of their own, loaded when opened.
 */
export function chunkGroups(root: string) {
  const entry = path.resolve(root, 'src/main.tsx');
  const appRoots = ['src/app/MainApp.tsx', 'src/features/chats/ChatsScreen.tsx'].map((p) =>
    path.resolve(root, p),
  );
  const conversationRoot = path.resolve(root, 'src/features/conversation/ConversationScreen.tsx');
  // One chunking pass asks for every module: the groups are worked out once per pass.
  const cache = new WeakMap<object, Groups>();
  function groups(graph: ModuleGraph): Groups {
    const key = graph.getModuleInfo(entry);
    if (!key) return { boot: new Set(), app: new Set(), conversation: new Set() };
    let found = cache.get(key);
    if (found) return found;
    // A screen moved or renamed would otherwise leave `app` empty without a word, and the signed-in
    // page back to dozens of files.
    for (const root of [...appRoots, conversationRoot]) {
      if (!graph.getModuleInfo(root)) throw new Error(`chunks.ts: ${root} is not in the build`);
    }
    const boot = closure(graph, [entry]);
    boot.delete(entry);
    // Screens the entry loads lazily apart from the signed-in app (sign-up, reset, system pages):
    // what they share with the app stays out of it, so they never fetch the whole app.
    const lazy = new Set<string>();
    for (const id of [entry, ...boot]) {
      for (const dynamic of graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
        if (!appRoots.includes(dynamic) && dynamic !== conversationRoot) lazy.add(dynamic);
      }
    }
    const signedOut = closure(graph, lazy, new Set([entry, ...boot]));
    const app = closure(graph, appRoots, new Set([entry, ...boot]));
    // What the app shares with those screens (the system page's frame, the verification openers:
    // a few KB) goes with boot, which both have: as chunks of their own they were three more
    // requests of a signed-in page's start, competing for its six connections with the first calls.
    for (const id of signedOut) {
      if (app.delete(id)) boot.add(id);
    }
    // The conversation's screen is a chunk of its own: the inbox, a phone's first screen, does
    // without its 20 KB (7 KB brotli) while both come down the same slow link as boot.
    const conversation = closure(graph, [conversationRoot], new Set([entry, ...boot, ...app]));
    found = { boot, app, conversation };
    cache.set(key, found);
    return found;
  }
  // `boot` first: a module both need stays in the file every page loads.
  return [
    {
      debugName: 'boot',
      name: (id: string, ctx: ModuleGraph) => (groups(ctx).boot.has(id) ? 'boot' : null),
      priority: 2,
    },
    // Not the app's dependencies as well: those shared with signed-out screens stay out of it. No
    // module a signed-out screen imports imports the app, so no chunk cycle comes of it.
    {
      debugName: 'app',
      name: (id: string, ctx: ModuleGraph) => (groups(ctx).app.has(id) ? 'app' : null),
      priority: 1,
      includeDependenciesRecursively: false,
    },
    {
      debugName: 'conversation',
      name: (id: string, ctx: ModuleGraph) => (groups(ctx).conversation.has(id) ? 'conversation' : null),
      priority: 0,
      includeDependenciesRecursively: false,
    },
  ];
}
