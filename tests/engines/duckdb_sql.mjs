// SPDX-License-Identifier: MIT
// Runs SQL in DuckDB, the engine that the npm package @duckdb/node-api ships (pinned in
// package.json beside this file; scripts/install-deps.sh installs it with `npm ci`), for the
// tests that load iosr's datasets as users do (tests/datasets_test.py, tests/guide_test.py).
//
// usage: node duckdb_sql.mjs < BATCHES.json
// BATCHES.json is an array of SQL texts, run in order on one in-memory database in the current
// directory; each text may hold several statements. Prints a JSON array with, for each text,
// the result of its last statement: {"columns": [...], "types": ["DOUBLE", "VARCHAR[]", ...],
// "rows": [[...], ...]} (numbers as JSON numbers, BIGINT and DECIMAL as strings). On an error,
// names the text that failed on standard error and exits 1.
import { readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const batches = JSON.parse(readFileSync(0, 'utf8'));
// Parquet and JSON are built into the package; nothing is ever downloaded.
const instance = await DuckDBInstance.create(':memory:', { autoinstall_known_extensions: 'false' });
const connection = await instance.connect();
const results = [];
for (const [i, sql] of batches.entries()) {
  try {
    const reader = await connection.runAndReadAll(sql);
    results.push({
      columns: reader.columnNames(),
      types: reader.columnTypes().map((type) => type.toString()),
      rows: reader.getRowsJson(),
    });
  } catch (error) {
    process.stderr.write(`SQL text ${i + 1} failed: ${error.message}\n${sql}\n`);
    process.exit(1);
  }
}
process.stdout.write(JSON.stringify(results) + '\n');
