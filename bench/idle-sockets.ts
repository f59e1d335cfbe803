/**
 * Server memory with SOCKETS (default 10,000) idle WebSockets, one per fan: VmRSS of the server
 * process from /proc/<pid>/status on a fresh server, then with every socket attached (each got its
 * `init` frame) and left idle for IDLE_SECONDS.
 *
 *   DATA_DIR=... [DATABASE_URL=...] tsx idle-sockets.ts   (after seed-inbox.ts)
 */
import { type BenchEnv, benchEnv, intEnv, isMain, readManifest, sleep, writeResults } from './lib/env';
import { startServer } from './lib/server';
import { closeSockets, openSockets } from './lib/sockets';

export async function idleSockets(e: BenchEnv) {
  const manifest = readManifest(e);
  const n = Math.min(intEnv('SOCKETS', 10_000), manifest.fanTokens.length);
  const idleSeconds = intEnv('IDLE_SECONDS', 15);
  const server = await startServer(e);
  try {
    await sleep(3000);
    const before = server.memory();
    console.log(`  server pid ${server.pid}: VmRSS ${before.rssMiB} MiB before sockets`);
    const opened = await openSockets(server.wsUrl, manifest.fanTokens.slice(0, n), { concurrency: 100 });
    const connected = server.memory();
    console.log(
      `  ${opened.sockets.length} sockets open (${opened.failed} failed) in ${opened.seconds.toFixed(1)} s: VmRSS ${connected.rssMiB} MiB`,
    );
    await sleep(idleSeconds * 1000);
    const idle = server.memory();
    const perSocketKiB =
      opened.sockets.length > 0
        ? Math.round(((idle.rssMiB - before.rssMiB) * 1024) / opened.sockets.length)
        : 0;
    console.log(
      `  after ${idleSeconds} s idle: VmRSS ${idle.rssMiB} MiB (peak VmHWM ${idle.hwmMiB} MiB), about ${perSocketKiB} KiB per socket`,
    );
    await closeSockets(opened.sockets);
    const out = {
      sockets: opened.sockets.length,
      failed: opened.failed,
      connectSeconds: Math.round(opened.seconds * 10) / 10,
      idleSeconds,
      rssBeforeMiB: before.rssMiB,
      rssConnectedMiB: connected.rssMiB,
      rssIdleMiB: idle.rssMiB,
      hwmMiB: idle.hwmMiB,
      perSocketKiB,
    };
    writeResults(e, 'idle', out);
    return out;
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  const e = benchEnv();
  console.log(`idle sockets on ${e.backend}`);
  idleSockets(e).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
