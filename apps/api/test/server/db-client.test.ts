/**
 * The PostgreSQL connection settings of `DATABASE_URL` (db/client.ts `poolConnection`): every URL
 * node-postgres accepts stays usable, and the app's session setting reaches the server.
 */
import { describe, expect, it } from 'vitest';
import { poolConnection, TRGM_WORD_SIMILARITY } from '../../src/db/client.js';

const ours = `-c pg_trgm.word_similarity_threshold=${TRGM_WORD_SIMILARITY}`;

describe('poolConnection', () => {
  it.each([
    'postgres://postgres@127.0.0.1:5432/vitrina',
    'postgres://user@/vitrina?host=/var/run/postgresql',
    'postgres:///vitrina',
    'postgresql://u:p%40ss@db.example:5432/vitrina?sslmode=require',
  ])('keeps %s as it is and adds the session setting', (url) => {
    expect(poolConnection(url)).toEqual({ connectionString: url, options: ours });
  });

  it("appends the setting to the URL's own options instead of losing one of them", () => {
    const c = poolConnection('postgresql://u@db.example/vitrina?sslmode=require&options=-c%20search_path%3Dshop');
    expect(c.connectionString).toBe('postgresql://u@db.example/vitrina?sslmode=require');
    expect(c.options).toBe(`-c search_path=shop ${ours}`);
  });
});
