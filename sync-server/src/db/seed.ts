import type { Config } from '../config.ts';
import type { Sql } from './connection.ts';

/** Demo data for an empty embedded database (filled in by the seed work; see README). */
export async function seedIfEmpty(_sql: Sql, _config: Config): Promise<void> {}
