# SPDX-License-Identifier: MIT
"""DuckDB for the tests, as the npm package @duckdb/node-api ships it (tests/engines/: pinned in
package.json and package-lock.json, installed by scripts/install-deps.sh with `npm ci`; nothing
is downloaded at test time). SQL goes through tests/engines/duckdb_sql.mjs under Node.js."""
import json
import os
import shutil
import subprocess

from missing_tool import in_ci

ENGINES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "engines")
RUNNER = os.path.join(ENGINES, "duckdb_sql.mjs")


def unavailable():
    """Why DuckDB cannot run here (None when it can). Under CI (CI=true) the caller fails with
    it; elsewhere it may skip, saying it."""
    if shutil.which("node") is None:
        return ("node is not installed (Debian packages nodejs and npm; scripts/install-deps.sh "
                "installs them)")
    if not os.path.isdir(os.path.join(ENGINES, "node_modules", "@duckdb", "node-api")):
        return ("the npm package @duckdb/node-api is not installed in tests/engines "
                "(scripts/install-deps.sh runs `npm ci` there)")
    return None


def missing_reason():
    """unavailable(), worded for a test's output: a failure under CI, a skip elsewhere."""
    reason = unavailable()
    if reason is None:
        return None
    return reason + (": CI is set, so this is a failure, not a skip" if in_ci() else "")


def run_sql(batches, cwd):
    """Runs each SQL text of `batches` in order on one in-memory DuckDB database in `cwd`.
    Returns, per text, its last statement's result as {"columns", "types", "rows"}. Raises
    RuntimeError with DuckDB's message when a text fails."""
    p = subprocess.run(["node", RUNNER], input=json.dumps(batches), cwd=cwd, capture_output=True,
                       text=True, timeout=300)
    if p.returncode != 0:
        raise RuntimeError(p.stderr.strip() or f"node exited {p.returncode}")
    return json.loads(p.stdout)
