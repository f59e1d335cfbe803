import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A small real disk for tests of a full disk: a tmpfs of a few MB, with folders of a server's
// DATA_DIR bind-mounted onto it, so that they all share its space as they would share one disk.
// Mounting needs root (CI and the development machine run the tests as root).

const mount = (...args: string[]) => execFileSync('mount', args, { stdio: 'pipe' });

/** Why a tmpfs cannot be mounted here, or null when it can. */
export function mountRefusal(): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-mount-check-'));
  try {
    mount('-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir);
    execFileSync('umount', [dir]);
    return null;
  } catch (e) {
    return `mounting a tmpfs is not permitted here: ${String((e as { stderr?: unknown }).stderr ?? e).trim()}`;
  } finally {
    fs.rmdirSync(dir);
  }
}

export interface SmallDisk {
  /** The tmpfs itself; `{root}/{folder}` is what each bound folder shows. */
  root: string;
  /** Writes a filler file until the disk answers ENOSPC. */
  fill(): void;
  /** Frees `bytes` of the filler, or removes it. */
  free(bytes?: number): void;
  /** Every file on the disk but the filler, relative to the root. */
  files(): string[];
  /** Unmounts everything; safe to call twice and after a failed mount. */
  unmount(): void;
}

const FILLER = '.filler';

/** A tmpfs of `sizeMb`, with each of `folders` of `dataDir` bound onto a folder of it. */
export function mountSmallDisk(dataDir: string, folders: string[], sizeMb = 2): SmallDisk {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-small-disk-'));
  const mounted: string[] = [];
  const unmount = () => {
    for (const target of mounted.splice(0).reverse()) {
      try {
        execFileSync('umount', [target], { stdio: 'pipe' });
      } catch {
        // Still busy (a file open in the server): detach now, freed when it is closed.
        execFileSync('umount', ['-l', target], { stdio: 'pipe' });
      }
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    mount('-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', root);
    mounted.push(root);
    for (const folder of folders) {
      const source = path.join(root, folder);
      const target = path.join(dataDir, folder);
      fs.mkdirSync(source, { recursive: true });
      fs.mkdirSync(target, { recursive: true });
      mount('--bind', source, target);
      mounted.push(target);
    }
  } catch (e) {
    unmount();
    throw e;
  }
  const filler = path.join(root, FILLER);
  return {
    root,
    fill() {
      const fd = fs.openSync(filler, 'a');
      try {
        // Large writes first, then single bytes, to the last byte the disk takes.
        for (const size of [1024 * 1024, 4096, 1]) {
          const block = Buffer.alloc(size, 7);
          try {
            for (;;) fs.writeSync(fd, block);
          } catch (e) {
            if ((e as { code?: string }).code !== 'ENOSPC') throw e;
          }
        }
      } finally {
        fs.closeSync(fd);
      }
    },
    free(bytes) {
      if (bytes === undefined) fs.rmSync(filler, { force: true });
      else fs.truncateSync(filler, Math.max(0, fs.statSync(filler).size - bytes));
    },
    files() {
      return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((d) => d.isFile() && !(d.name === FILLER && d.parentPath === root))
        .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
        .sort();
    },
    unmount,
  };
}
