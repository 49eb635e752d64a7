// What the query modules accept: the pool, or a client inside a transaction.
import type pg from 'pg';

export type Queryable = pg.Pool | pg.PoolClient;
