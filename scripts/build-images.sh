#!/usr/bin/env bash
# Builds the local server images the container launcher and its tests use, from Debian packages
# (no image registry needed): a minimal Debian root file system made by debootstrap, imported
# with `docker import`.
#
# Usage: scripts/build-images.sh [--with-mysql] [--force]
#
#   benchkit/mariadb:10.11  Debian bookworm: mariadb-server 10.11, memcached, jemalloc, tcmalloc,
#                           mimalloc, procps (always built)
#   benchkit/mysql:sid      Debian sid: mysql-server (MySQL 9.7 in Nov 2026, as Debian packages it),
#                           memcached and the same allocators (only with --with-mysql; needs the
#                           sid suite reachable on deb.debian.org)
#   benchkit/jre:bookworm   Debian bookworm minbase plus openjdk-17-jre-headless and nothing else,
#                           with a user `bench` (uid 1000): the fresh machine on which the README's
#                           first command must run (always built)
#
# An image that exists already (`docker image inspect`) is skipped unless --force is given.
# Downloaded packages and the finished root file system tarballs are kept under
# /var/cache/benchkit (BENCHKIT_IMAGE_CACHE), so a rebuild after `docker rmi` only imports.
# Run scripts/docker-up.sh first.
set -euo pipefail

cache=${BENCHKIT_IMAGE_CACHE:-/var/cache/benchkit}
with_mysql=false
force=false
for arg in "$@"; do
  case "$arg" in
    --with-mysql) with_mysql=true ;;
    --force) force=true ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build-images: unknown argument $arg (valid: --with-mysql, --force)" >&2; exit 2 ;;
  esac
done

sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
docker=/usr/bin/docker
[ -x "$docker" ] || docker=docker
command -v debootstrap >/dev/null || { echo "build-images: debootstrap missing; run scripts/docker-up.sh first" >&2; exit 1; }
$sudo "$docker" info >/dev/null 2>&1 || { echo "build-images: no Docker engine answers; run scripts/docker-up.sh first" >&2; exit 1; }


# build IMAGE SUITE PACKAGES [USER]: debootstrap SUITE with PACKAGES into a tarball (cached), then
# import it. With USER, the image gets that ordinary user (uid 1000) with a home directory.
build() {
  local image=$1 suite=$2 packages=$3 user=${4:-}
  local tarball="$cache/rootfs-${image//[\/:]/_}.tar"
  if ! $force && $sudo "$docker" image inspect "$image" >/dev/null 2>&1; then
    echo "build-images: $image exists; skipped"
    return 0
  fi
  local start=$SECONDS
  if $force || [ ! -s "$tarball" ]; then
    local debs="$cache/debs-$suite" root
    $sudo mkdir -p "$debs"
    root=$($sudo mktemp -d /var/tmp/benchkit-rootfs.XXXXXX)
    # expanded now: $root is local to this function
    trap "$sudo rm -rf '$root' '$tarball.tmp'" EXIT
    echo "build-images: debootstrap $suite into $root (packages cached in $debs)"
    if ! $sudo debootstrap --variant=minbase --cache-dir="$debs" --include="$packages" \
        "$suite" "$root" http://deb.debian.org/debian >"$cache/debootstrap-$suite.log" 2>&1; then
      echo "build-images: debootstrap $suite failed; see $cache/debootstrap-$suite.log" >&2
      tail -n 5 "$cache/debootstrap-$suite.log" >&2
      $sudo rm -rf "$root"
      return 1
    fi
    if [ -n "$user" ]; then
      $sudo chroot "$root" useradd --create-home --uid 1000 --shell /bin/sh "$user"
    fi
    # Every container copies the whole image (vfs storage): drop what a server never runs, i.e.
    # offline table tools, client utilities (the `mariadb`/`mysql` client and mariadb-admin stay),
    # perl modules, galera, docs.
    (cd "$root" && $sudo rm -rf var/cache/apt/archives/*.deb var/lib/apt/lists/* \
      usr/share/doc usr/share/man usr/share/info usr/share/locale usr/share/perl \
      usr/lib/x86_64-linux-gnu/perl usr/lib/libgalera_smm.so \
      usr/bin/aria_* usr/bin/myisam* usr/bin/innochecksum usr/bin/innotop usr/bin/perror \
      usr/bin/replace usr/bin/resolve_stack_dump usr/bin/mariadbd-safe-helper \
      usr/bin/mariadb-{binlog,upgrade,dump,slap,check,import,show,conv,plugin,tzinfo-to-sql,waitpid} \
      usr/bin/mysql{binlog,_upgrade,dump,slap,check,import,show,pump,_plugin,_tzinfo_to_sql} \
      usr/bin/mysql_{config_editor,migrate_keyring,ssl_rsa_setup,secure_installation} usr/bin/mysqlrouter*)
    # mktemp -d made the root 0700: a non-root user in the container could not enter /
    $sudo chmod 755 "$root"
    $sudo tar -C "$root" -cf "$tarball.tmp" .
    $sudo mv "$tarball.tmp" "$tarball"
    $sudo rm -rf "$root"
    trap - EXIT
  else
    echo "build-images: using cached root file system $tarball"
  fi
  local old
  old=$($sudo "$docker" image inspect -f '{{.Id}}' "$image" 2>/dev/null || true)
  # an imported image has no environment at all; a shell or `java` needs PATH to find anything
  $sudo "$docker" import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "$tarball" "$image" >/dev/null
  # the image this one replaces (--force) would stay behind untagged
  if [ -n "$old" ] && [ "$old" != "$($sudo "$docker" image inspect -f '{{.Id}}' "$image")" ]; then
    $sudo "$docker" rmi "$old" >/dev/null 2>&1 || true
  fi
  echo "build-images: $image built in $((SECONDS - start))s ($($sudo "$docker" image inspect -f '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1/1e6}'))"
}

$sudo mkdir -p "$cache"
build benchkit/mariadb:10.11 bookworm "mariadb-server,memcached,libjemalloc2,libtcmalloc-minimal4,libmimalloc2.0,procps"
build benchkit/jre:bookworm bookworm "openjdk-17-jre-headless" bench
if $with_mysql; then
  # mysql-server-core only: mysql-server's maintainer script fails in a chroot, and the launcher
  # initializes its own data directory. sid renamed the tcmalloc and mimalloc packages.
  build benchkit/mysql:sid sid "mysql-server-core,memcached,libjemalloc2,libtcmalloc-minimal4t64,libmimalloc3,procps"
fi
