// Media ingest on this machine: the time from POST /v1/media to its answer for a
// 12-megapixel photo (md5 check, type detection, the four JPEG widths and the blurred preview,
// storage, the database row) and for a 1-minute 720p video (ffprobe, poster frame and its variants,
// metadata-stripping remux, storage), then photo uploads per minute with as many concurrent
// uploaders as cores. The server is the real one in its own process, on PGlite, files in DATA_DIR.
//
//   npx tsx bench/media-ingest.ts                 (BENCH_SECONDS=30 for the throughput phase)
//   BENCH_PHOTOS=10 BENCH_VIDEOS=3 npx tsx bench/media-ingest.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { processImage } from '../apps/server/src/modules/media/processing';
import { type BenchEnv, benchEnv, intEnv, writeResults } from './lib/env';
import { machineInfo } from './lib/machine';
import { twelveMegapixelPhoto, upload, variantOf } from './lib/photo';
import { startServer } from './lib/server';
import { fmt, summarize } from './lib/stats';

const seconds = intEnv('BENCH_SECONDS', 30);
const photos = intEnv('BENCH_PHOTOS', 8);
const videos = intEnv('BENCH_VIDEOS', 3);
const workers = intEnv('BENCH_WORKERS', os.availableParallelism());

const own = !process.env.DATA_DIR;
const dataDir = process.env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-bench-media-'));
const env: BenchEnv = benchEnv({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-bench-media-files-'));

function oneMinuteVideo(): Buffer {
  const file = path.join(work, 'minute.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100',
    '-t',
    '60',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-b:v',
    '2M',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    file,
  ]);
  return fs.readFileSync(file);
}

const hasFfmpeg = () => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

async function main() {
  const machine = machineInfo();
  console.log(
    `machine: ${machine.cpus} x ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}`,
  );
  const photo = await twelveMegapixelPhoto();
  const meta = await sharp(photo).metadata();
  console.log(`photo: ${meta.width} x ${meta.height}, ${(photo.length / 1024 / 1024).toFixed(1)} MiB JPEG`);

  // The variant work alone, in this process (no HTTP, storage or database).
  const photoFile = path.join(work, 'photo.jpg');
  fs.writeFileSync(photoFile, photo);
  const variantTimes: number[] = [];
  for (let i = 0; i < photos; i++) {
    const t = performance.now();
    await processImage(photoFile, 'image/jpeg');
    variantTimes.push(performance.now() - t);
  }
  const variants = summarize(variantTimes);
  console.log(`variants only (sharp, 5 outputs): p50 ${fmt(variants.p50)}, p90 ${fmt(variants.p90)}`);

  const server = await startServer(env);
  try {
    const signUp = await fetch(`${server.url}/v1/users/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench-media-${process.pid}@example.com`,
        password: 'bench-password',
        username: `benchmedia${process.pid}`,
        type: 'featured',
        confirm_adult: true,
        accept_terms: true,
      }),
    });
    const { access_token: token } = (await signUp.json()) as { access_token: string };
    const idle = server.memory();
    console.log(`server RSS before any upload: ${idle.rssMiB} MiB`);
    let n = 0;

    const photoTimes: number[] = [];
    for (let i = 0; i < photos; i++)
      photoTimes.push(await upload(server.url, token, variantOf(photo, n++), 'image/jpeg', 'p.jpg'));
    const photoSummary = summarize(photoTimes);
    console.log(
      `12 MP photo ingest (POST /v1/media, all variants): p50 ${fmt(photoSummary.p50)}, p90 ${fmt(photoSummary.p90)}`,
    );

    let videoSummary: ReturnType<typeof summarize> | null = null;
    let videoMiB = 0;
    if (hasFfmpeg()) {
      const video = oneMinuteVideo();
      videoMiB = video.length / 1024 / 1024;
      const videoTimes: number[] = [];
      for (let i = 0; i < videos; i++) {
        videoTimes.push(await upload(server.url, token, variantOf(video, n++), 'video/mp4', 'v.mp4'));
      }
      videoSummary = summarize(videoTimes);
      console.log(
        `1-minute 720p video (${videoMiB.toFixed(1)} MiB) ingest: p50 ${fmt(videoSummary.p50)}, p90 ${fmt(videoSummary.p90)}`,
      );
    } else {
      console.log('ffmpeg not installed: video ingest skipped (videos are then stored as uploaded)');
    }

    // Throughput: `workers` uploaders, each sending distinct 12 MP photos back to back.
    const cpuBefore = server.cpuSeconds();
    const deadline = Date.now() + seconds * 1000;
    let done = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (Date.now() < deadline) {
          await upload(server.url, token, variantOf(photo, n++), 'image/jpeg', 'p.jpg');
          done++;
        }
      }),
    );
    const elapsedMin = (performance.now() - started) / 60_000;
    const perMinute = Math.round(done / elapsedMin);
    const cpu = (server.cpuSeconds() - cpuBefore) / (elapsedMin * 60);
    const memory = server.memory();
    console.log(
      `photo uploads per minute (${workers} concurrent): ${perMinute} (${done} in ${(elapsedMin * 60).toFixed(1)} s; server CPU ${cpu.toFixed(2)} cores; RSS peak ${memory.hwmMiB} MiB)`,
    );
    writeResults(env, 'media-ingest', {
      machine,
      photo: { bytes: photo.length, variantsOnly: variants, ingest: photoSummary },
      video: videoSummary ? { bytes: Math.round(videoMiB * 1024 * 1024), ingest: videoSummary } : null,
      uploadsPerMinute: perMinute,
      workers,
      serverCpuCores: cpu,
      serverRssIdleMiB: idle.rssMiB,
      serverRssPeakMiB: memory.hwmMiB,
    });
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
    if (own) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
