#!/usr/bin/env bash
# Runs every test (unit and integration) on a fresh Debian/Ubuntu machine: installs the system
# packages the integration tests use when they are missing, then runs the Maven build.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: real servers, the reference clients we compare with, and the allocators.
# libaio1/libnuma1: shared libraries the embedded MySQL 8.0/5.7 binaries link against (the default,
# the embedded MariaDB, needs neither; JdkOnlyMachineIT proves it in a container without them).
# chromium: the headless browser that checks report.html renders its charts.
# maven: a user's own Maven, which builds the projects `bench new` writes (UserProjectsIT).
# postgresql: the server the history's shared-store test starts in a temporary directory (SharedStoreTest).
packages=(mariadb-server sysbench memcached libjemalloc2 libtcmalloc-minimal4 libmimalloc2.0
          libaio1 libnuma1 chromium fonts-dejavu-core maven postgresql)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "test-all: installing ${missing[*]}"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The integration tests run under Turkish (it/pom.xml, it.locale), the unit tests also under German (below): their
# locales must exist, or programs fall back to C.
for want in tr_TR de_DE; do
  if ! locale -a 2>/dev/null | grep -qi "^$want\.utf-\?8$"; then
    echo "test-all: generating the $want.UTF-8 locale"
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    dpkg-query -W -f='${Status}' locales 2>/dev/null | grep -q "install ok installed" \
      || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends locales >/dev/null
    $sudo sed -i "s/^# *$want.UTF-8 UTF-8/$want.UTF-8 UTF-8/" /etc/locale.gen
    $sudo locale-gen >/dev/null
  fi
done

# No server from a package install may hold the default port while the tests run their own.
if command -v systemctl >/dev/null 2>&1; then systemctl stop mariadb memcached postgresql >/dev/null 2>&1 || true; fi

# A real Docker engine and locally built images for the container tests (no registry is reachable).
bash scripts/docker-up.sh
bash scripts/build-images.sh
export TESTCONTAINERS_RYUK_DISABLED=true TESTCONTAINERS_HOST_OVERRIDE=localhost

# Every benchkit artifact into the local repository: the example plugin is a separate project built against the SPI
# there (the projects `bench new` writes are built in UserProjectsIT against a fresh repository, from bench.jar alone).
./mvnw -B -ntp -q install -DskipTests
# UserProjectsIT's Maven (Debian's 3.8, the user's own) has this machine's repository as its only remote, where a user's
# has Central; Maven 3.8 adds plexus-utils 1.1 to a plugin that brings none (surefire 3.5), so it must be there.
./mvnw -B -ntp -q org.apache.maven.plugins:maven-dependency-plugin:3.8.1:get -Dartifact=org.codehaus.plexus:plexus-utils:1.1
./mvnw -B -ntp -q -f examples/custom-workload/pom.xml package

./mvnw -B -ntp verify "$@"

# The unit tests once more under German: a decimal comma, and the system's words for an error in German (the build
# above ran them in this machine's locale, and the integration tests under Turkish).
LC_ALL=de_DE.UTF-8 LANG=de_DE.UTF-8 ./mvnw -B -ntp -q test -pl '!it' -DargLine="-Duser.language=de -Duser.country=DE"
