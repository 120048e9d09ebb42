// libpq, PostgreSQL's client library (https://www.postgresql.org/docs/current/libpq.html):
// its header for the types and signatures only. Nothing links libpq (module.modulemap);
// Sources/ProbeStore/LibPQ.swift loads it with dlopen and binds the functions with dlsym.
// Debian's libpq-dev installs the header under /usr/include/postgresql; it is named with
// that folder here because the target has no pkg-config (which would add -lpq). Homebrew's
// keg-only libpq has it at the top of $(brew --prefix libpq)/include, which a macOS build
// names with -Xcc -I (docs/macos.md).
#ifndef PROBE_CPOSTGRES_SHIM_H
#define PROBE_CPOSTGRES_SHIM_H
#if __has_include(<postgresql/libpq-fe.h>)
#include <postgresql/libpq-fe.h>
#else
#include <libpq-fe.h>
#endif
#endif
