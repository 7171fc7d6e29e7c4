# Sourced by .ci/run: PostgreSQL for the store, service and race tests on both backends.
# The tests start their own throwaway cluster (tests/conftest.py, bench/pg_cluster.py) and
# need only initdb and pg_ctl. On a fresh Debian machine without them this installs Debian's
# postgresql package without a cluster of its own (none created, none left running), and
# RHEINBOT_REQUIRE_PG=1 makes every PostgreSQL test fail, never skip, if it still cannot run.

have_postgres() {
    command -v initdb >/dev/null 2>&1 || compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null
}

if ! have_postgres; then
    as_root=()
    if [ "$(id -u)" -ne 0 ]; then as_root=(sudo); fi
    # Debian's package would create and start a cluster "main": tell it not to create one.
    "${as_root[@]}" mkdir -p /etc/postgresql-common
    echo "create_main_cluster = false" \
        | "${as_root[@]}" tee /etc/postgresql-common/createcluster.conf >/dev/null
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        -o Dpkg::Options::=--force-confold postgresql
    # Should a package script have started a cluster anyway, stop it: the tests want none.
    if command -v pg_lsclusters >/dev/null 2>&1; then
        pg_lsclusters --no-header | while read -r version name _port status _rest; do
            if [ "$status" = online ]; then "${as_root[@]}" pg_ctlcluster "$version" "$name" stop; fi
        done
    fi
    have_postgres || { echo "PostgreSQL did not install: no initdb" >&2; exit 1; }
fi
export RHEINBOT_REQUIRE_PG=1
