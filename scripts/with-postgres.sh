#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL server.
#
#   scripts/with-postgres.sh <command> [args...]
#
# Starts a private PostgreSQL cluster in a fresh temp directory, listening
# only on 127.0.0.1 on a free port, creates the database `bahi_test`, exports
#
#   TEST_DATABASE_URL=postgres://<user>@127.0.0.1:<port>/bahi_test
#
# and runs the command with it. The server is always stopped and the
# directory always removed afterwards (EXIT trap), and the command's exit
# status is passed through. Nothing outside the temp directory is touched,
# so several copies can run side by side on one machine.
#
# If the PostgreSQL server binaries are missing they are installed with
# apt-get (Debian); that needs root (or sudo).
set -euo pipefail

DB_NAME=bahi_test
FIRST_PORT=55432     # start of the port range we probe upwards from
PORT_ATTEMPTS=100    # how many ports to try before giving up

log() { printf 'with-postgres: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

[ "$#" -gt 0 ] || die "usage: $0 <command> [args...]"

# --- Locate (or install) the server binaries -------------------------------

# Debian keeps initdb/pg_ctl out of PATH (only the client wrappers like psql
# are in /usr/bin), so besides PATH look in /usr/lib/postgresql/<ver>/bin,
# newest version first. We resolve symlinks so that createdb etc. are taken
# from the same installation as initdb (e.g. /usr/local/bin/initdb may be a
# lone symlink into /usr/lib/postgresql/15/bin).
find_pg_bindir() {
  local initdb dir
  if initdb=$(command -v initdb) && command -v pg_ctl >/dev/null; then
    dir=$(dirname "$(readlink -f "$initdb")")
    if [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ]; then
      printf '%s\n' "$dir"; return 0
    fi
  fi
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ]; then
      printf '%s\n' "$dir"; return 0
    fi
  done
  return 1
}

install_postgres() {
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || die "PostgreSQL is not installed and we are not root (no sudo either)"
    sudo=(sudo)
  fi
  log "PostgreSQL server binaries not found; installing the Debian package"
  "${sudo[@]}" apt-get update
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
}

if ! PG_BIN=$(find_pg_bindir); then
  install_postgres
  PG_BIN=$(find_pg_bindir) || die "PostgreSQL still not found after apt-get install"
fi
log "using $("$PG_BIN/postgres" --version) from $PG_BIN"

# --- Decide which OS user owns the cluster ----------------------------------

# initdb/postgres refuse to run as root. When we are root, run the server
# binaries as the `postgres` user the Debian package creates, or as a
# dedicated system user if that does not exist (e.g. binaries from elsewhere).
# The command under test itself keeps running as the caller.
if [ "$(id -u)" -eq 0 ]; then
  if id postgres >/dev/null 2>&1; then
    PG_USER=postgres
  else
    PG_USER=bahici
    if ! id "$PG_USER" >/dev/null 2>&1; then
      log "creating system user $PG_USER to own the throwaway cluster"
      useradd --system --user-group --no-create-home --shell /usr/sbin/nologin "$PG_USER"
    fi
  fi
else
  PG_USER=$(id -un)
fi

# --- Throwaway directory and cleanup ------------------------------------------

TMP_DIR=$(mktemp -d -t bahi-pg.XXXXXXXX)
DATA_DIR=$TMP_DIR/data
SOCK_DIR=$TMP_DIR/sock   # Unix socket lives here, not in shared /var/run
LOG_FILE=$TMP_DIR/postgres.log
SERVER_STARTED=0

# Run a server binary as the cluster owner. The cd is because the owner may
# not be allowed into the caller's cwd (e.g. a checkout under /root), which
# makes initdb/postgres complain.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then
    (cd "$TMP_DIR" && runuser -u "$PG_USER" -- "$@")
  else
    (cd "$TMP_DIR" && "$@")
  fi
}

cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  if [ "$SERVER_STARTED" -eq 1 ]; then
    # "fast" disconnects clients (a killed test run may leave some behind)
    # instead of waiting for them; fall back to "immediate" if that hangs.
    if ! as_pg "$PG_BIN/pg_ctl" -D "$DATA_DIR" -m fast -w -t 30 stop >/dev/null 2>&1; then
      log "fast shutdown failed; forcing immediate shutdown"
      as_pg "$PG_BIN/pg_ctl" -D "$DATA_DIR" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
    fi
  fi
  # When the command failed, the server log is often the only clue (and it
  # is about to be deleted), so show its tail.
  if [ "$rc" -ne 0 ] && [ -s "$LOG_FILE" ]; then
    log "exit status $rc; last lines of the PostgreSQL log:"
    tail -n 30 "$LOG_FILE" >&2 || true
  fi
  rm -rf "$TMP_DIR"
  exit "$rc"
}
trap cleanup EXIT
# Turn signals into a normal exit so the EXIT trap stops the server. (pg_ctl
# starts the server in its own session, so a signal sent to our process group,
# e.g. by `timeout`, does not reach it.)
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir -p "$DATA_DIR" "$SOCK_DIR"
chmod 700 "$DATA_DIR"
if [ "$(id -u)" -eq 0 ]; then
  chown -R "$PG_USER:" "$TMP_DIR"
fi

# --- Create and start the cluster ---------------------------------------------

# trust auth: the server is reachable only from this machine and dies with
# this script. No locale: deterministic C collation, independent of the host.
# --no-sync only skips initdb's final flush (the directory is thrown away);
# the running server keeps the default fsync=on.
as_pg "$PG_BIN/initdb" -D "$DATA_DIR" --auth=trust --encoding=UTF8 --no-locale \
  --no-sync >"$TMP_DIR/initdb.log" 2>&1 \
  || { cat "$TMP_DIR/initdb.log" >&2; die "initdb failed"; }

cat >>"$DATA_DIR/postgresql.conf" <<EOF

# --- added by scripts/with-postgres.sh ---
listen_addresses = '127.0.0.1'
unix_socket_directories = '$SOCK_DIR'
max_connections = 200
EOF

# Find a free port. Probing first skips ports that are obviously taken, but
# another process (e.g. a concurrent run of this script) can still grab the
# port between the probe and the bind, so a failed bind moves on to the next
# port instead of failing. The random offset makes concurrent runs less
# likely to race for the same port in the first place.
port_is_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

PORT=
offset=$((RANDOM % 50))
for ((i = 0; i < PORT_ATTEMPTS; i++)); do
  candidate=$((FIRST_PORT + (offset + i) % PORT_ATTEMPTS))
  port_is_open "$candidate" && continue
  # Fresh log per attempt, so the grep below only sees this attempt. Removed
  # rather than truncated: the server (running as $PG_USER) must create it.
  rm -f "$LOG_FILE"
  if as_pg "$PG_BIN/pg_ctl" -D "$DATA_DIR" -l "$LOG_FILE" -o "-p $candidate" \
      -w -t 60 start >"$TMP_DIR/pg_ctl.out" 2>&1; then
    PORT=$candidate
    SERVER_STARTED=1
    break
  fi
  if grep -sqE 'could not bind|could not create any TCP/IP sockets|Address already in use' "$LOG_FILE"; then
    log "port $candidate was taken meanwhile; trying another"
    continue
  fi
  # Not a port problem. The server may even still be coming up (pg_ctl's
  # wait timed out), so let cleanup try to stop it.
  SERVER_STARTED=1
  cat "$TMP_DIR/pg_ctl.out" >&2
  die "could not start PostgreSQL"
done
[ -n "$PORT" ] || die "no free port found in $FIRST_PORT..$((FIRST_PORT + PORT_ATTEMPTS - 1))"

# The bootstrap superuser initdb creates is named after the OS user that ran it.
"$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U "$PG_USER" "$DB_NAME" \
  || die "createdb $DB_NAME failed"

export TEST_DATABASE_URL="postgres://$PG_USER@127.0.0.1:$PORT/$DB_NAME"
log "PostgreSQL ready: $TEST_DATABASE_URL"

# The port in the configuration too, so a restart (the fault tests') listens where it did.
echo "port = $PORT" >>"$DATA_DIR/postgresql.conf"

# The fault tests stop, start and restart this server: TEST_PG_CTL runs pg_ctl on it, as its
# owner, with its data directory and log (`$TEST_PG_CTL restart -m fast -w`).
PG_CTL_SCRIPT=$TMP_DIR/pg_ctl.sh
cat >"$PG_CTL_SCRIPT" <<SCRIPT
#!/usr/bin/env bash
cd "$TMP_DIR" || exit 1
if [ "\$(id -u)" -eq 0 ]; then
  exec runuser -u "$PG_USER" -- "$PG_BIN/pg_ctl" -D "$DATA_DIR" -l "$LOG_FILE" "\$@"
fi
exec "$PG_BIN/pg_ctl" -D "$DATA_DIR" -l "$LOG_FILE" "\$@"
SCRIPT
chmod 755 "$PG_CTL_SCRIPT"
export TEST_PG_CTL="$PG_CTL_SCRIPT"

# --- Run the command ----------------------------------------------------------

# Not exec: the EXIT trap has to run after the command to clean up.
status=0
"$@" || status=$?
exit "$status"
