// `npm run backup -- FILE`: one archive of the database and the media, taken while the server serves.
import path from 'node:path';
import { BackupError, backupToFile } from '../backup/backup';
import { ConfigError, loadConfig } from '../config';

const arg = process.argv[2];
if (!arg) {
  console.error('Usage: npm run backup -- FILE');
  process.exit(2);
}
// npm runs the script in apps/server: FILE is relative to where the command was typed.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
try {
  const config = loadConfig();
  const { manifest, via } = await backupToFile(config, file);
  const t = manifest.tables;
  console.log(
    `Backup written to ${file}: ${t.users ?? 0} accounts, ${t.chats ?? 0} chats, ${t.messages ?? 0} messages, ` +
      `${manifest.media.files} media files (${(manifest.media.bytes / 1024 ** 2).toFixed(1)} MB); ` +
      `database as of ${manifest.created_at}${via === 'server' ? ', made by the running server' : ''}.`,
  );
} catch (err) {
  const known = err instanceof ConfigError || err instanceof BackupError;
  console.error(known ? (err as Error).message : `Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
