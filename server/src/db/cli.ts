import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { seedDemo } from './seed/index.ts';

/** npm run db:migrate | db:seed — against DATABASE_URL, or the embedded database in DATA_DIR. */
const command = process.argv[2];
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  console.log(`Migrated the ${database.engine} database.`);
  if (command === 'seed') {
    await seedDemo(database.db);
    console.log('Demo data loaded.');
  }
} finally {
  await database.close();
}
