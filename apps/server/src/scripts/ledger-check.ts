// `npm run ledger:check`: proves every balance equals the sum of its ledger rows.
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrate } from '../db/migrate';
import { findLedgerMismatches } from '../modules/ledger/service';
import { usersRepository } from '../modules/users/repository';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);
const mismatches = await findLedgerMismatches(database.db);
const count = await usersRepository.count(database.db);
await database.close();
if (mismatches.length > 0) {
  console.error(`Ledger check FAILED: ${mismatches.length} balance(s) differ from their ledger`);
  for (const m of mismatches)
    console.error(`  ${m.user_id} ${m.account}: balance ${m.balance}, ledger ${m.ledger}`);
  process.exit(1);
}
console.log(`Ledger check passed: ${count} accounts, every balance equals the sum of its ledger.`);
