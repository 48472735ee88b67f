// The bench's PostgreSQL cluster (scripts/postgres.mjs), kept between runs in a folder of its own
// so that a generated million orders survive: node bench/postgres.mjs start | stop | status | destroy.
import { noWait, postgresCluster } from '../scripts/postgres.mjs';

const port = Number(process.env.BENCH_PG_PORT ?? 54339);
const dir = process.env.BENCH_PG_DIR ?? '/tmp/letokruh-bench-pg';
// The tests' settings (throw-away data) plus a server-sized buffer cache.
const cluster = postgresCluster(port, {
  dir,
  start: false,
  settings: `${noWait} -c shared_buffers=1GB -c max_connections=50`,
});

const action = process.argv[2] ?? 'status';
if (action === 'start') {
  cluster.up();
  console.log(cluster.url);
} else if (action === 'stop') {
  if (cluster.running()) cluster.down('fast');
  console.log('stopped');
} else if (action === 'destroy') {
  cluster.remove();
  console.log(`removed ${dir}`);
} else {
  console.log(cluster.running() ? `running on 127.0.0.1:${port} (${cluster.dataDir})` : 'not running');
}
