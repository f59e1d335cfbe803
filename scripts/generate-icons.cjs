// Writes the installable app's PNG icons from apps/web/public/favicon.svg (run after changing it):
// node scripts/generate-icons.cjs. The PNGs are committed; the build does not need sharp.
const path = require('node:path');
const sharp = require('sharp');

const pub = path.join(__dirname, '..', 'apps/web/public');
const svg = path.join(pub, 'favicon.svg');

async function main() {
  for (const size of [192, 512]) {
    await sharp(svg, { density: (72 * size) / 64 })
      .resize(size, size)
      .png()
      .toFile(path.join(pub, `icons/icon-${size}.png`));
  }
  // Maskable: the mark inside the 80% safe zone, on a full-bleed background the platform may crop.
  for (const size of [192, 512]) {
    const inner = Math.round(size * 0.72);
    const mark = await sharp(svg, { density: (72 * inner) / 64 })
      .resize(inner, inner)
      .png()
      .toBuffer();
    await sharp({ create: { width: size, height: size, channels: 4, background: '#6d28d9' } })
      .composite([{ input: mark, gravity: 'center' }])
      .png()
      .toFile(path.join(pub, `icons/maskable-${size}.png`));
  }
  await sharp(svg, { density: (72 * 180) / 64 })
    .resize(180, 180)
    .flatten({ background: '#6d28d9' })
    .png()
    .toFile(path.join(pub, 'icons/apple-touch-icon.png'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
