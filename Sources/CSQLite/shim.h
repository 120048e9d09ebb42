// SQLite for Swift. SQLITE_TRANSIENT is a macro cast Swift cannot import.
#ifndef PROBE_CSQLITE_SHIM_H
#define PROBE_CSQLITE_SHIM_H
#include <sqlite3.h>
static inline sqlite3_destructor_type probe_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
