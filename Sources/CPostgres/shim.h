// libpq, PostgreSQL's C client library (https://www.postgresql.org/docs/current/libpq.html).
// Debian's libpq-dev installs the header under /usr/include/postgresql (pkg-config libpq).
#ifndef PROBE_CPOSTGRES_SHIM_H
#define PROBE_CPOSTGRES_SHIM_H
#include <libpq-fe.h>
#endif
