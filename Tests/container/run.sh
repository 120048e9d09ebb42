#!/usr/bin/env bash
# Container tests: builds the image from the Containerfile with Podman and runs it for real
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

# The host's CLI drives the trial run against the container (`probe-server try --server`).
[ -x .build/debug/probe-server ] || swift build
exec python3 -m pytest -q -s Tests/container "$@"
