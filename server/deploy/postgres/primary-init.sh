#!/bin/sh
# Run once by the official postgres image when it initialises an empty data directory
# (/docker-entrypoint-initdb.d): a role the streaming replica connects as, and the pg_hba line
# that lets it (the image's own line, `host all all all`, does not cover replication connections).
# wal_level = replica and max_wal_senders = 10 are already Postgres's defaults.
set -eu

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  --set password="$REPLICATION_PASSWORD" <<'SQL'
create role replicator with replication login password :'password';
SQL

echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
