// Run after `npm install` changes the lock: `node scripts/fix-biome-lock.cjs`.
// Adds the lock entries of @biomejs/biome's other-platform binaries, which this machine's npm
// mirror does not serve (404), so `npm install` leaves them out and `npm ci` refuses the lock.
const fs = require('node:fs');
const file = process.argv[2] || 'package-lock.json';
const l = JSON.parse(fs.readFileSync(file, 'utf8'));
const base = l.packages['node_modules/@biomejs/cli-linux-x64'];
const plat = {
  'android-arm64': ['android', 'arm64'],
  'android-x64': ['android', 'x64'],
  'darwin-arm64': ['darwin', 'arm64'],
  'darwin-x64': ['darwin', 'x64'],
  'linux-arm64-musl': ['linux', 'arm64', 'musl'],
  'linux-x64-musl': ['linux', 'x64', 'musl'],
  'win32-arm64': ['win32', 'arm64'],
  'win32-x64': ['win32', 'x64'],
};
for (const [k, [os, cpu, libc]] of Object.entries(plat)) {
  const key = `node_modules/@biomejs/cli-${k}`;
  if (l.packages[key]) continue;
  const e = {
    version: base.version,
    cpu: [cpu],
    dev: true,
    license: base.license,
    optional: true,
    os: [os],
    engines: base.engines,
  };
  if (libc) e.libc = [libc];
  l.packages[key] = e;
}
const sorted = {};
for (const k of Object.keys(l.packages).sort((a, b) =>
  a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0,
))
  sorted[k] = l.packages[k];
l.packages = sorted;
fs.writeFileSync(file, `${JSON.stringify(l, null, 2)}\n`);
