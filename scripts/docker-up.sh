#!/usr/bin/env bash
# Makes a Docker engine answer on /var/run/docker.sock, for the container launcher and its tests.
#
# Usage: scripts/docker-up.sh            (as root, or with sudo available)
#
# - installs docker.io (engine 20.10) and debootstrap with apt-get when missing;
# - when `docker info` does not answer, starts dockerd in the background with the vfs storage
#   driver (works inside containers and on any file system), logging to /tmp/benchkit-dockerd.log,
#   pid in /tmp/benchkit-dockerd.pid, and waits (at most DOCKER_UP_TIMEOUT seconds, default 60)
#   until it answers.
#
# DOCKER_STORAGE_DRIVER=overlay2 picks another driver. vfs copies the whole image for every
# container (4-15 s per container for our 155 MB image, more under heavy I/O); overlay2 creates one
# in 0.2 s where overlay mounts work (they do on ext4 in our CI machine). Images are stored per
# driver: after switching, run scripts/build-images.sh again (it imports its cached tarball).
#
# The 20.10 engine serves API 1.41; newer clients (e.g. docker 28.x in /usr/local/bin) negotiate down
# to it, and this script uses Debian's /usr/bin/docker anyway. Testcontainers negotiates as well.
set -euo pipefail

log=/tmp/benchkit-dockerd.log
pidfile=/tmp/benchkit-dockerd.pid
timeout=${DOCKER_UP_TIMEOUT:-60}
driver=${DOCKER_STORAGE_DRIVER:-vfs}
sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"

missing=()
for p in docker.io debootstrap; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "docker-up: installing ${missing[*]}"
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

docker=/usr/bin/docker
[ -x "$docker" ] || docker=docker

if $sudo "$docker" info >/dev/null 2>&1; then
  echo "docker-up: engine already answers ($($sudo "$docker" version -f '{{.Server.Version}}'))"
  exit 0
fi

if [ -s "$pidfile" ] && [ "$(cat "/proc/$(cat "$pidfile")/comm" 2>/dev/null)" = dockerd ]; then
  echo "docker-up: dockerd (pid $(cat "$pidfile")) is running but not answering yet; waiting"
else
  # a dockerd that was killed (SIGKILL, the OOM killer, the end of its PID namespace) leaves its pid file, and
  # dockerd refuses to start while the pid in it names any process, which a reused pid soon does
  $sudo rm -f "$pidfile"
  echo "docker-up: starting dockerd ($driver storage), log $log"
  # setsid: the daemon outlives this script and the shell that ran it.
  $sudo setsid /usr/sbin/dockerd --storage-driver="$driver" --pidfile="$pidfile" >"$log" 2>&1 </dev/null &
fi

for ((i = 0; i < timeout; i++)); do
  if $sudo "$docker" info >/dev/null 2>&1; then
    echo "docker-up: engine answers after ${i}s ($($sudo "$docker" version -f '{{.Server.Version}}'))"
    exit 0
  fi
  sleep 1
done
echo "docker-up: dockerd did not answer within ${timeout}s; last log lines:" >&2
tail -n 20 "$log" >&2 || true
exit 1
