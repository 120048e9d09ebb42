# Sourced by Tests/container/run.sh. No registry serves images here, so the base images the
# Containerfile and the Kubernetes example name are made from Debian's own packages:
#   RUNTIME_BASE  debootstrap --variant=minbase bookworm: what debian:bookworm-slim holds
#   BUILD_BASE    that root plus what the Swift toolchain and the C libraries' headers need;
#                 the toolchain itself (/opt/swift) is mounted into the build, not copied
#   POSTGRES_BASE that root plus Debian's postgresql, with an entrypoint that reads
#                 POSTGRES_USER/POSTGRES_PASSWORD/POSTGRES_DB as the official image does
# The roots are cached under $CACHE (debootstrap takes minutes; a rerun takes seconds).

RUNTIME_BASE=localhost/probe-test/debian:bookworm-slim
BUILD_BASE=localhost/probe-test/swift:bookworm-local
POSTGRES_BASE=localhost/probe-test/postgres:15
SUITE=bookworm
MIRROR=${PROBE_DEBIAN_MIRROR:-http://deb.debian.org/debian}

# What the toolchain's binaries load (ldd /opt/swift/usr/bin/swift-*), the linker and the C
# runtime it links against, and the -dev packages of Package.swift's systemLibrary targets.
BUILD_PACKAGES=(binutils libc6-dev libgcc-12-dev libstdc++-12-dev libcurl4 libxml2 libncurses6 libedit2
  libsqlite3-0 libffi8 libuuid1 libicu72 libz3-4 pkg-config tzdata ca-certificates
  libssl-dev libsqlite3-dev libpq-dev zlib1g-dev)

minbase_root() {
  local root=$CACHE/root-minbase
  if [ ! -f "$root/.complete" ]; then
    rm -rf "$root"
    echo "container: debootstrap --variant=minbase $SUITE (cached in $root)" >&2
    debootstrap --variant=minbase "$SUITE" "$root" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1 \
      || { tail -20 "$CACHE/debootstrap.log" >&2; return 1; }
    rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb
    slim "$root"
    touch "$root/.complete"
  fi
  echo "$root"
}

# What the official slim images leave out (docs, man pages, translations), so that image
# sizes measured here compare with a registry's: the same dpkg path-excludes, for packages
# installed later too.
slim() {
  local root=$1
  cat >"$root/etc/dpkg/dpkg.cfg.d/slim" <<'CFG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/locale/*
CFG
  find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete 2>/dev/null || true
  rm -rf "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/usr/share/groff/* "$root"/usr/share/lintian/* "$root"/usr/share/locale/*
}

# derived_root NAME PACKAGE...: a copy of the minbase root with these packages installed.
derived_root() {
  local name=$1 root=$CACHE/root-$1
  shift
  if [ ! -f "$root/.complete" ]; then
    local base
    base=$(minbase_root) || return 1
    rm -rf "$root"
    cp -a "$base" "$root"
    rm -f "$root/.complete"
    # No service starts inside the chroot (invoke-rc.d asks policy-rc.d: exit 101 = no).
    printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
    chmod +x "$root/usr/sbin/policy-rc.d"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    echo "container: installing $* into $root" >&2
    chroot "$root" sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"' sh "$@" \
      >"$CACHE/$name.log" 2>&1 || { tail -20 "$CACHE/$name.log" >&2; return 1; }
    rm -f "$root/usr/sbin/policy-rc.d"
    rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/archives/*.deb
    touch "$root/.complete"
  fi
  echo "$root"
}

# import_root ROOT TAG [podman import --change ...]: the root as an image, once per content.
import_root() {
  local root=$1 tag=$2
  shift 2
  if podman image exists "$tag"; then return 0; fi
  tar -C "$root" --exclude=./.complete --exclude=./proc/* --exclude=./sys/* --exclude=./dev/* -c . \
    | podman import --quiet "$@" - "$tag" >/dev/null
}

make_bases() {
  local root
  root=$(minbase_root) || return 1
  import_root "$root" "$RUNTIME_BASE" --change 'CMD ["bash"]'
  root=$(derived_root build "${BUILD_PACKAGES[@]}") || return 1
  import_root "$root" "$BUILD_BASE" --change 'CMD ["bash"]'
  root=$(derived_root postgres postgresql-15 locales) || return 1
  if [ ! -x "$root/usr/local/bin/docker-entrypoint.sh" ] || ! cmp -s Tests/container/postgres-entrypoint.sh "$root/usr/local/bin/docker-entrypoint.sh"; then
    install -m 0755 Tests/container/postgres-entrypoint.sh "$root/usr/local/bin/docker-entrypoint.sh"
    podman rmi -f "$POSTGRES_BASE" >/dev/null 2>&1 || true
  fi
  import_root "$root" "$POSTGRES_BASE" \
    --change 'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV PGDATA=/var/lib/postgresql/data' \
    --change 'ENTRYPOINT ["docker-entrypoint.sh"]' --change 'CMD ["postgres"]' --change 'EXPOSE 5432'
}
