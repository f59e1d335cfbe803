// `npm run restore -- FILE`: an archive of `npm run backup` into an empty instance.
import path from 'node:path';
import { DamagedArchiveError } from '../backup/archive';
import { RestoreRefusedError, restoreFromFile } from '../backup/restore';
import { ConfigError, loadConfig } from '../config';
import { MigrationError } from '../db/migrate';

const arg = process.argv[2];
if (!arg) {
  console.error('Usage: npm run restore -- FILE');
  process.exit(2);
}
// npm runs the script in apps/server: FILE is relative to where the command was typed.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
try {
  const config = loadConfig();
  const { manifest, migrated } = await restoreFromFile(config, file);
  const t = manifest.tables;
  console.log(
    `Restored ${file} (taken ${manifest.created_at}): ${t.users ?? 0} accounts, ${t.chats ?? 0} chats, ` +
      `${t.messages ?? 0} messages, ${manifest.media.files} media files.` +
      (migrated.length > 0 ? ` Then ran ${migrated.length} migration(s) of this version.` : ''),
  );
} catch (err) {
  const known =
    err instanceof ConfigError ||
    err instanceof RestoreRefusedError ||
    err instanceof DamagedArchiveError ||
    err instanceof MigrationError;
  console.error(
    known ? (err as Error).message : `Restore failed, nothing was kept: ${(err as Error).message}`,
  );
  process.exit(1);
}
