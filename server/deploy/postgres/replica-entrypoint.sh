#!/bin/sh
# The streaming replica's entrypoint, in the official postgres image. On an empty volume it clones
# the primary with pg_basebackup -R (which writes standby.signal and primary_conninfo), retrying
# until the primary accepts the replication role; then it starts Postgres through the image's own
# entrypoint, which sees an initialised directory and starts a hot standby.
set -eu

as_postgres() {
  if command -v gosu >/dev/null; then gosu postgres "$@"; else su-exec postgres "$@"; fi
}

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  mkdir -p "$PGDATA"
  chown postgres "$PGDATA"
  chmod 0700 "$PGDATA"
  until as_postgres pg_basebackup --host="$PRIMARY_HOST" --username=replicator \
    --pgdata="$PGDATA" --write-recovery-conf --wal-method=stream --checkpoint=fast; do
    echo "replica: the primary is not ready for a base backup yet; retrying in 2 s"
    rm -rf "${PGDATA:?}"/*
    sleep 2
  done
fi

exec docker-entrypoint.sh postgres
