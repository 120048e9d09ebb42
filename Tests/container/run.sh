#!/usr/bin/env bash
# Container tests (--build-only: the image alone, for bench/run's size row): builds the image from the Containerfile with Podman and runs it for real
# (Tests/container/test_container.py). No registry serves images here, so the base images
# are made from Debian's packages (Tests/container/bases.sh) and passed as build arguments;
# the Swift toolchain of this machine is mounted into the build stage.
#
# Podman runs with its own configuration (CONTAINERS_CONF, CONTAINERS_STORAGE_CONF):
# runc with the cgroupfs manager (crun refuses a hybrid cgroup v1/v2 hierarchy), no default
# ulimits, netavark (its DNS resolves the Kubernetes example's Service names), and storage
# under $CACHE so the base images and layers survive between runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
. Tests/lib/needs.sh
need_suite container

# Inside a chroot (a debootstrap root, as a fresh build machine or a CI sandbox may be), "/"
# is not a mount point and a fresh sysfs has no cgroup hierarchy. containers/storage makes
# "/" private before it unpacks a layer, which mount(2) refuses with EINVAL on a path that is
# not a mount point (mount_namespaces(7)), and runc's cgroupfs manager needs the controllers
# mounted. So the suite runs itself again in its own mount namespace (unshare(1)), with "/"
# bound onto a folder that becomes the new root (a mount point), and the cgroup hierarchies
# the kernel reports for this process (/proc/self/cgroup, cgroups(7)) mounted where runc
# looks. Nothing of this leaves that namespace; on a machine whose "/" is a mount point the
# suite runs as it is.
if ! mountpoint -q / && [ -z "${PROBE_CONTAINER_REROOTED:-}" ]; then
  newroot=/var/tmp/probe-container-root
  mkdir -p "$newroot"
  echo "container: / is not a mount point (a chroot): running in a mount namespace rooted at a bind mount of /"
  exec unshare --mount --propagation unchanged bash -c \
    'mount --rbind / "$1" && cd / && exec chroot "$1" env PROBE_CONTAINER_REROOTED=1 bash "$2" "${@:3}"' \
    reroot "$newroot" "$PWD/Tests/container/run.sh" "$@"
fi
if [ -n "${PROBE_CONTAINER_REROOTED:-}" ] && [ -z "$(ls -A /sys/fs/cgroup 2>/dev/null)" ]; then
  if ! grep -qv '^0::' /proc/self/cgroup; then
    mount -t cgroup2 cgroup2 /sys/fs/cgroup   # the unified hierarchy only
  else
    mount -t tmpfs -o mode=0755 cgroup /sys/fs/cgroup
    # "4:memory:/path" → /sys/fs/cgroup/memory; "9:name=systemd:/" → a named hierarchy.
    while IFS=: read -r id controllers _; do
      [ "$id" = 0 ] && continue
      dir=${controllers#name=}; options=$controllers
      case $controllers in name=*) options="none,$controllers" ;; esac
      mkdir -p "/sys/fs/cgroup/$dir"
      mount -t cgroup -o "$options" cgroup "/sys/fs/cgroup/$dir"
    done < /proc/self/cgroup
  fi
fi

export CACHE=${PROBE_CONTAINER_CACHE:-/var/tmp/probe-container-cache}
SCRATCH=${PROBE_CONTAINER_SCRATCH:-/tmp/probe-container}
SWIFT_TOOLCHAIN=${SWIFT_TOOLCHAIN:-$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")}
mkdir -p "$CACHE/storage" "$SCRATCH/run"

cat >"$SCRATCH/containers.conf" <<CONF
[containers]
default_ulimits = []
log_driver = "k8s-file"

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"

[network]
network_backend = "netavark"
CONF
driver=overlay
grep -qw overlay /proc/filesystems || driver=vfs
cat >"$SCRATCH/storage.conf" <<CONF
[storage]
driver = "$driver"
graphroot = "$CACHE/storage"
runroot = "$SCRATCH/run"
CONF
export CONTAINERS_CONF=$SCRATCH/containers.conf CONTAINERS_STORAGE_CONF=$SCRATCH/storage.conf

. Tests/container/bases.sh
make_bases

export PROBE_IMAGE=localhost/probe-server:test PROBE_POSTGRES_IMAGE=$POSTGRES_BASE
echo "container: podman build (Swift toolchain from $SWIFT_TOOLCHAIN)"
started=$SECONDS
# --format docker: the OCI image format has no HEALTHCHECK.
podman build --format docker -f Containerfile -t "$PROBE_IMAGE" \
  -v "$SWIFT_TOOLCHAIN:/opt/swift:ro" \
  --build-arg SWIFT_IMAGE="$BUILD_BASE" --build-arg RUNTIME_IMAGE="$RUNTIME_BASE" . >"$SCRATCH/build.log" 2>&1 \
  || { tail -40 "$SCRATCH/build.log"; exit 1; }
echo "container: image built in $((SECONDS - started)) s, $(podman image inspect "$PROBE_IMAGE" --format '{{.Size}}') bytes"
# Dangling layers of earlier builds would fill the cache.
podman image prune -f >/dev/null 2>&1 || true
# bench/run's image row: the image built and its size said, no tests.
[ "${1:-}" = "--build-only" ] && exit 0

# The host's CLI drives the trial run against the container (`probe-server try --server`).
[ -x .build/debug/probe-server ] || swift build
exec python3 -m pytest -q -s Tests/container "$@"
