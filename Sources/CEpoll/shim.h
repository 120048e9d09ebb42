// Linux event and socket calls that Swift's Glibc module does not export.
#ifndef PROBE_CEPOLL_SHIM_H
#define PROBE_CEPOLL_SHIM_H
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/resource.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <errno.h>

static inline int probe_errno(void) { return errno; }
#endif
