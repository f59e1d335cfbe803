import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { MediaRow } from '../../modules/media/repository';
import type { MediaStorage } from '../../modules/media/storage';
import { ingest, uploadTmpDir } from '../../modules/media/upload';

// Demo photos drawn here (SVG rendered by sharp), so the repository holds no pictures, and taken
// in through the upload pipeline like any upload: variants, blurred preview, vault rows.

const W = 1200;
const H = 1500;

const svg = (defs: string, body: string, w = W, h = H) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;

const vertical = (id: string, stops: string[]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
    .map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

function sunset() {
  const glints = Array.from({ length: 14 }, (_, i) => {
    const y = 1010 + i * 34;
    const half = 60 + i * 22;
    return `<rect x="${W / 2 - half}" y="${y}" width="${half * 2}" height="6" rx="3" fill="#ffd89b" opacity="${0.75 - i * 0.04}"/>`;
  }).join('');
  return svg(
    `${vertical('sky', ['#2b1055', '#7597de', '#ff7e5f', '#feb47b'])}${vertical('sea', ['#3d2c5e', '#0f1c3f'])}<radialGradient id="sun"><stop offset="0" stop-color="#fff3c4"/><stop offset="1" stop-color="#ffb347"/></radialGradient>`,
    `<rect width="${W}" height="1000" fill="url(#sky)"/><circle cx="${W / 2}" cy="930" r="190" fill="url(#sun)"/><rect y="1000" width="${W}" height="${H - 1000}" fill="url(#sea)"/>${glints}`,
  );
}

/** Lisbon-like rooftops: rows of pastel houses with terracotta roofs, set out by a fixed pattern. */
function rooftops() {
  const colours = ['#f6d6ad', '#f7a998', '#9ad0c2', '#f3e6b5', '#c7b8ea', '#fdfdfd', '#8ecae6'];
  let houses = '';
  for (let row = 0; row < 4; row++) {
    const base = 700 + row * 230;
    for (let i = 0; i < 7; i++) {
      const x = i * 180 - (row % 2) * 90;
      const height = 260 + ((i * 7 + row * 3) % 5) * 40;
      const top = base - height + 260;
      houses += `<rect x="${x}" y="${top}" width="170" height="${height + 400}" fill="${colours[(i + row * 2) % colours.length]}"/>`;
      houses += `<polygon points="${x - 10},${top} ${x + 85},${top - 70} ${x + 180},${top}" fill="#c8553d"/>`;
      for (let wy = top + 40; wy < top + height; wy += 90)
        houses += `<rect x="${x + 30}" y="${wy}" width="40" height="55" fill="#35505e"/><rect x="${x + 100}" y="${wy}" width="40" height="55" fill="#35505e"/>`;
    }
  }
  return svg(
    vertical('sky', ['#7ec8e3', '#cdeffd']),
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>${houses}`,
  );
}

function coffee() {
  return svg(
    `<radialGradient id="table" cx="0.5" cy="0.45" r="0.8"><stop offset="0" stop-color="#c08552"/><stop offset="1" stop-color="#5e3023"/></radialGradient><radialGradient id="crema"><stop offset="0" stop-color="#d9a066"/><stop offset="0.8" stop-color="#8b5a2b"/><stop offset="1" stop-color="#4a2c17"/></radialGradient>`,
    `<rect width="${W}" height="${H}" fill="url(#table)"/><circle cx="600" cy="720" r="430" fill="#f4f1ee"/><circle cx="600" cy="720" r="330" fill="#ffffff"/><rect x="900" y="680" width="190" height="80" rx="40" fill="#ffffff"/><circle cx="600" cy="720" r="280" fill="url(#crema)"/><path d="M600 860 C 470 760, 470 620, 560 620 C 590 620, 600 650, 600 670 C 600 650, 610 620, 640 620 C 730 620, 730 760, 600 860 Z" fill="#f6e7d0"/>`,
  );
}

function mountains() {
  const ridge = (points: string, fill: string) => `<polygon points="${points}" fill="${fill}"/>`;
  return svg(
    vertical('dawn', ['#355c7d', '#6c5b7b', '#c06c84', '#f8b195']),
    `<rect width="${W}" height="${H}" fill="url(#dawn)"/><circle cx="820" cy="620" r="90" fill="#fde2c4" opacity="0.9"/>${ridge(
      `0,900 180,640 360,820 560,560 760,800 980,600 ${W},760 ${W},${H} 0,${H}`,
      '#7b5e7b',
    )}${ridge(`0,1080 240,820 480,1020 700,800 960,1040 ${W},880 ${W},${H} 0,${H}`, '#4f3b5a')}${ridge(
      `0,1260 300,1040 620,1240 880,1060 ${W},1220 ${W},${H} 0,${H}`,
      '#2e2240',
    )}`,
  );
}

function beach() {
  return svg(
    `${vertical('sky', ['#56ccf2', '#bde7f7'])}${vertical('sea', ['#1fa2c1', '#0b6e8a'])}${vertical('sand', ['#f9e0ae', '#e9c48a'])}`,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/><circle cx="240" cy="260" r="110" fill="#fff6c9"/><rect y="760" width="${W}" height="260" fill="url(#sea)"/><path d="M0 1000 Q 300 960 600 1010 T ${W} 990 V ${H} H 0 Z" fill="url(#sand)"/><rect x="757" y="930" width="14" height="420" fill="#6b4f3a"/><path d="M560 960 Q 764 720 968 960 Z" fill="#ef476f"/><path d="M628 960 Q 764 760 900 960 Z" fill="#ffd166"/><rect x="430" y="1270" width="260" height="70" rx="16" fill="#06d6a0"/>`,
  );
}

export const DEMO_PICTURES = { sunset, rooftops, coffee, mountains, beach } as const;
export type DemoPicture = keyof typeof DEMO_PICTURES;

/** Renders the demo pictures and ingests them as `owner`'s uploads; answers the media rows by name. */
export async function seedDemoMedia(
  ctx: AppContext,
  storage: MediaStorage,
  owner: UserRow,
  names: readonly DemoPicture[],
): Promise<Map<DemoPicture, MediaRow>> {
  const dir = uploadTmpDir(ctx);
  await fsp.mkdir(dir, { recursive: true });
  // Drawing runs in sharp's threads at once; ingesting goes one by one on the seed's transaction.
  const jpegs = await Promise.all(
    names.map((name) => sharp(Buffer.from(DEMO_PICTURES[name]())).jpeg({ quality: 90 }).toBuffer()),
  );
  const rows = new Map<DemoPicture, MediaRow>();
  for (const [i, name] of names.entries()) {
    const body = jpegs[i] as Buffer;
    const file = path.join(dir, `demo-${name}.jpg`);
    await fsp.writeFile(file, body);
    try {
      const md5 = createHash('md5').update(body).digest('hex');
      const received = { path: file, size: body.length, md5, truncated: false, clientType: 'image/jpeg' };
      rows.set(name, await ingest(ctx, storage, owner, received, {}));
    } finally {
      await fsp.rm(file, { force: true });
    }
  }
  return rows;
}
