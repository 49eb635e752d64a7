// Document frequencies of the lexemes of skills' search documents (migration 008), for the
// inverse document frequency weights of the text signal. Replaced as a whole in one transaction,
// so searches read either the old counts or the new ones.
import type pg from 'pg';
import { withTransaction } from './pool.ts';

export async function refreshSearchTerms(pool: pg.Pool): Promise<number> {
  return withTransaction(pool, async (client) => {
    await client.query('DELETE FROM search_terms');
    const { rowCount } = await client.query(
      `INSERT INTO search_terms (lexeme, documents)
       SELECT word, ndoc FROM ts_stat('SELECT search_document FROM skills')`,
    );
    return rowCount ?? 0;
  });
}
