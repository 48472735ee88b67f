import fs from 'node:fs';
import { loadConfig } from '../config.ts';
import { storageFor } from '../plugins/storage.ts';
import {
  backupEmbedded,
  backupFiles,
  backupPostgres,
  filesArchiveOf,
  restoreEmbedded,
  restoreFiles,
  restorePostgres,
} from './backup.ts';

/**
 * npm run backup [-- file]     the embedded database and files → DATA_DIR/backups/*.tar.gz,
 *                              or with DATABASE_URL, pg_dump → backups/*.dump
 * npm run restore -- file      the other way (the app must be stopped for the embedded database)
 * The uploaded files go into `<file>.files.tar.gz` beside it, unless they are inside the embedded
 * backup already (the disk store without DATABASE_URL).
 */
const [command, file] = process.argv.slice(2);
const config = loadConfig();
const storage = storageFor(config);
const filesApart = Boolean(config.databaseUrl) || config.fileStore === 's3';
try {
  if (command === 'backup') {
    const written = config.databaseUrl
      ? backupPostgres(config.databaseUrl, file)
      : await backupEmbedded(config.dataDir, file);
    console.log(`Backup written to ${written}`);
    if (filesApart) {
      const files = await backupFiles(storage, filesArchiveOf(written));
      console.log(`${files.count} uploaded files written to ${files.file}`);
    }
  } else if (command === 'restore' && file) {
    if (config.databaseUrl) {
      restorePostgres(config.databaseUrl, file);
      console.log(`Restored ${file} into the PostgreSQL database.`);
    } else {
      const { keptAside } = await restoreEmbedded(config.dataDir, file);
      console.log(`Restored ${file}. The data it replaced is kept in ${keptAside}.`);
    }
    const filesArchive = filesArchiveOf(file);
    if (filesApart && fs.existsSync(filesArchive)) {
      const count = await restoreFiles(storage, filesArchive);
      console.log(`Restored ${count} uploaded files from ${filesArchive}.`);
    } else if (filesApart) {
      console.log(`No ${filesArchive} beside the backup: the uploaded files were left as they are.`);
    }
  } else {
    console.error('Usage: npm run backup [-- <file>]  |  npm run restore -- <file>');
    process.exitCode = 2;
  }
} catch (error) {
  console.error(`✗ ${(error as Error).message}`);
  process.exitCode = 1;
}
