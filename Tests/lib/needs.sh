# Sourced by every test script: what each suite calls, installed when missing, in one place.
# A fresh Debian 12 machine with the Swift toolchain and Python has none of these;
# `../shared`-style fresh roots and CI machines differ only in what is already there.
#
#   need_debian LABEL PACKAGE...   Debian packages (dpkg -s decides what is missing)
#   need_pip LABEL MODULE=PACKAGE... PyPI packages, checked by importing MODULE
#   need_suite SUITE               everything SUITE calls (swift, system, page, engines, reliability, container)

need_debian() {
  local label=$1 pkg
  shift
  local missing=()
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "$label: installing ${missing[*]} (Debian)"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

need_pip() {
  local label=$1 spec module
  shift
  local missing=()
  for spec in "$@"; do
    module=${spec%%=*}
    python3 -c "import $module" 2>/dev/null || missing+=("${spec#*=}")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "$label: installing ${missing[*]} (PyPI)"
  python3 -m pip install -q --disable-pip-version-check "${missing[@]}"
}

# The C libraries the package links, for every suite that builds it.
NEEDS_BUILD=(libssl-dev libsqlite3-dev libpq-dev zlib1g-dev pkg-config)

need_suite() {
  case $1 in
    swift)
      # openssl s_client/verify, curl, zbarimg (QR codes), rsvg-convert (SVG QR codes),
      # xmllint (JUnit well-formedness), postgresql (the store tests' second engine);
      # segno (QR reference encoder), junitparser (reports).
      need_debian swift "${NEEDS_BUILD[@]}" openssl curl zbar-tools librsvg2-bin libxml2-utils postgresql
      need_pip swift segno=segno junitparser=junitparser ;;
    system)
      # curl and Chromium trusting the local CA (certutil), zbarimg and rsvg-convert for QR codes;
      # caddy and nginx: the TLS proxies of examples/ in front of the real server; xmllint checks
      # JUnit against the committed XSD; PyYAML reads the example workflow and farm specs;
      # pdftotext (poppler-utils) reads the printed report. The remedy snippets' compilers
      # (Tests/remedies/check.py): kotlinc, javac, tsc, mcs, xmllint; tree-sitter parses Dart.
      # git copies the checkout and node checks the page script for test_adding_a_probe.py;
      # node-typescript's parser reads every page script as ES2017 (test_page_scripts.py).
      need_debian system "${NEEDS_BUILD[@]}" curl zbar-tools librsvg2-bin libnss3-tools chromium openssl caddy nginx libxml2-utils python3-yaml poppler-utils \
        kotlin default-jdk-headless node-typescript nodejs mono-mcs git
      need_pip system pytest=pytest junitparser=junitparser playwright=playwright schemathesis=schemathesis yaml=pyyaml \
        tree_sitter=tree-sitter tree_sitter_dart=tree-sitter-dart ;;
    page)
      # Chromium, WebKitGTK under Xvfb (system python3's PyGObject), QtWebEngine (PyPI).
      need_debian page "${NEEDS_BUILD[@]}" chromium xvfb xauth python3-gi gir1.2-webkit2-4.1
      need_pip page pytest=pytest playwright=playwright esprima=esprima PyQt6.QtWebEngineWidgets=PyQt6-WebEngine ;;
    engines)
      # python3-gi-cairo: the WebKit host's screenshot is a cairo surface.
      need_debian engines "${NEEDS_BUILD[@]}" xvfb xauth python3-gi python3-gi-cairo gir1.2-webkit2-4.1 chromium openssl
      need_pip engines pytest=pytest playwright=playwright PyQt6.QtWebEngineCore=PyQt6-WebEngine ;;
    reliability)
      # postgresql and nginx: the team-instance fault test (three instances behind nginx over one PostgreSQL);
      # chromium and playwright: the away-page test; zbarimg and rsvg-convert: the QR-code tests;
      # wrk: bench/run's short round (test_bench_harness.py).
      need_debian reliability "${NEEDS_BUILD[@]}" openssl postgresql nginx chromium zbar-tools librsvg2-bin wrk
      # prometheus-client parses /metrics as a scraper would.
      need_pip reliability pytest=pytest hypothesis=hypothesis h11=h11 sslyze=sslyze prometheus_client=prometheus-client playwright=playwright ;;
    container)
      # Podman with runc (crun refuses this kernel's hybrid cgroups), netavark and aardvark-dns
      # (the Kubernetes example's Service names), debootstrap for the local base images, and
      # chromium, openssl, curl for the run through the published port; PyYAML reads the example;
      # iptables, which netavark calls to publish a port (without it: "netavark: No such file or
      # directory"; Debian's podman only recommends it); psql, to read the example's PostgreSQL
      # from this host where podman exec cannot (a chroot: Tests/container/test_container.py).
      need_debian container "${NEEDS_BUILD[@]}" podman runc uidmap slirp4netns netavark aardvark-dns debootstrap iptables \
        chromium openssl curl python3-yaml postgresql-client
      # playwright: in a chroot, where `try` cannot start Chromium's sandbox, the test drives
      # the page in headless Chromium itself.
      need_pip container pytest=pytest yaml=pyyaml playwright=playwright ;;
    *) echo "need_suite: unknown suite $1" >&2; return 64 ;;
  esac
}
