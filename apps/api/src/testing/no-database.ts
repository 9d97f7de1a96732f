// Setup of the `unit` project (files that run once, not on both databases): opening a database
// there means the file was classified wrongly (test-files.ts), so it fails instead of running on
// one database only.
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

const refuse = () => {
  throw new Error('This test file opens a database but runs in the `unit` project: see apps/api/src/testing/test-files.ts (decision 101).')
}
PGlite.create = refuse
pg.Client.prototype.connect = refuse
pg.Pool.prototype.connect = refuse
