// libpq, PostgreSQL's client library (https://www.postgresql.org/docs/current/libpq.html):
// its header for the types and signatures only. Nothing links libpq (module.modulemap);
// Sources/ProbeStore/LibPQ.swift loads it with dlopen and binds the functions with dlsym.
// Debian's libpq-dev installs the header under /usr/include/postgresql; it is named with
// that folder here because the target has no pkg-config (which would add -lpq).
#ifndef PROBE_CPOSTGRES_SHIM_H
#define PROBE_CPOSTGRES_SHIM_H
#include <postgresql/libpq-fe.h>
#endif
