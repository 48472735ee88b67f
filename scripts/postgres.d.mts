export type PostgresCluster = {
  url: string;
  dataDir: string;
  /** The URL of another database on the same server. */
  urlOf(database: string, user?: string): string;
  up(): void;
  /** `pg_ctl stop`: `immediate` is a crash (recovery from the WAL on the next start). */
  down(mode?: 'fast' | 'immediate' | 'smart'): void;
  running(): boolean;
  remove(): void;
};

export function postgresCluster(
  port: number,
  options?: { dir?: string; durable?: boolean; settings?: string; start?: boolean },
): PostgresCluster;

export function startTestPostgres(port?: number): { url: string; stop(): void };

/** `-c synchronous_commit=off`: faster, but a crash of PostgreSQL may lose acknowledged commits. */
export const noWait: string;

export function postgresInstalled(): boolean;
