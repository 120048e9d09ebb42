// zlib for Swift. deflateInit2 is a macro; re-exposed as a function.
#ifndef PROBE_CZLIB_SHIM_H
#define PROBE_CZLIB_SHIM_H
#include <zlib.h>
static inline int probe_deflateInit2(z_streamp strm, int level, int method, int windowBits, int memLevel, int strategy) {
    return deflateInit2(strm, level, method, windowBits, memLevel, strategy);
}
static inline int probe_inflateInit2(z_streamp strm, int windowBits) {
    return inflateInit2(strm, windowBits);
}
#endif
