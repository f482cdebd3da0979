#!/bin/sh
# A throwaway PostgreSQL server for the store's tests: no mock, Debian's own server.
#   pg_cluster.sh start DIR   initdb into DIR/data, start it on a Unix socket in DIR (no TCP),
#                             print the URL of its `postgres` database (user iosr, trust; any
#                             other role logs in with its password)
#   pg_cluster.sh restart DIR       start DIR's server again (after a stop)
#   pg_cluster.sh stop DIR [MODE]   pg_ctl stop -m MODE (fast by default; immediate = a crash)
#   pg_cluster.sh bin         print the directory of initdb and pg_ctl, or fail saying so
# initdb refuses to run as root: as root, the server runs as the user `nobody` (runuser), and
# DIR is given to it. Debian keeps initdb and pg_ctl in /usr/lib/postgresql/N/bin, off PATH.
set -eu

find_bin() {
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return
  fi
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -n -r); do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
      echo "$d"
      return
    fi
  done
  if command -v pg_config >/dev/null 2>&1; then
    d=$(pg_config --bindir)
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
      echo "$d"
      return
    fi
  fi
  echo "pg_cluster.sh: no initdb and pg_ctl (on PATH or in /usr/lib/postgresql/*/bin); install" \
    "Debian's postgresql (scripts/install-deps.sh --tests)" >&2
  exit 1
}

as_server() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u nobody -- "$@"
  else
    "$@"
  fi
}

# start_server BIN DIR: on a Unix socket in DIR only; fsync off, as nothing here outlives the test.
start_server() {
  as_server "$1/pg_ctl" start -w -t 60 -D "$2/data" -l "$2/server.log" \
    -o "-k $2 -c listen_addresses= -c fsync=off -c max_connections=60" >/dev/null ||
    { cat "$2/server.log" >&2; exit 1; }
}

case "${1:-}" in
  bin) find_bin ;;
  start)
    dir=$2
    bin=$(find_bin)
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)  # the server runs elsewhere: the socket's path must be absolute
    chmod 755 "$dir"
    [ "$(id -u)" = 0 ] && chown nobody:nogroup "$dir"
    # SQL_ASCII and the C locale: text is kept and ordered as its bytes, as SQLite does
    # (docs/db.md, "PostgreSQL").
    as_server "$bin/initdb" -D "$dir/data" -U iosr -A trust -E SQL_ASCII --locale=C \
      >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    # The user iosr (the superuser) without a password; every other role with its password,
    # so that a wrong one is refused as a real server refuses it.
    as_server sh -c "printf 'local all iosr trust\nlocal all all scram-sha-256\n' \
      >'$dir/data/pg_hba.conf'"
    start_server "$bin" "$dir"
    echo "postgresql:///postgres?host=$dir&user=iosr"
    ;;
  restart)
    start_server "$(find_bin)" "$(cd "$2" && pwd)"
    ;;
  stop)
    dir=$2
    bin=$(find_bin)
    as_server "$bin/pg_ctl" stop -w -D "$dir/data" -m "${3:-fast}" >/dev/null 2>&1 || true
    ;;
  *)
    echo "usage: pg_cluster.sh start DIR | restart DIR | stop DIR [MODE] | bin" >&2
    exit 2
    ;;
esac
