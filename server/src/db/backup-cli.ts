import { loadConfig } from '../config.ts';
import { backupEmbedded, backupPostgres, restoreEmbedded, restorePostgres } from './backup.ts';

/**
 * npm run backup [-- file]     the embedded database and files → DATA_DIR/backups/*.tar.gz,
 *                              or with DATABASE_URL, pg_dump → backups/*.dump
 * npm run restore -- file      the other way (the app must be stopped for the embedded database)
 */
const [command, file] = process.argv.slice(2);
const config = loadConfig();
try {
  if (command === 'backup') {
    const written = config.databaseUrl
      ? backupPostgres(config.databaseUrl, file)
      : await backupEmbedded(config.dataDir, file);
    console.log(`Backup written to ${written}`);
  } else if (command === 'restore' && file) {
    if (config.databaseUrl) {
      restorePostgres(config.databaseUrl, file);
      console.log(`Restored ${file} into the PostgreSQL database.`);
    } else {
      const { keptAside } = await restoreEmbedded(config.dataDir, file);
      console.log(`Restored ${file}. The data it replaced is kept in ${keptAside}.`);
    }
  } else {
    console.error('Usage: npm run backup [-- <file>]  |  npm run restore -- <file>');
    process.exitCode = 2;
  }
} catch (error) {
  console.error(`✗ ${(error as Error).message}`);
  process.exitCode = 1;
}
