// Linux event and socket calls that Swift's Glibc module does not export.
#ifndef PROBE_CEPOLL_SHIM_H
#define PROBE_CEPOLL_SHIM_H
#include <sys/epoll.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/resource.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <errno.h>
#include <unistd.h>
#include <sys/syscall.h>

static inline int probe_errno(void) { return errno; }

// poll(2)'s "peer shut down writing" bit is declared only under _GNU_SOURCE; Linux's value
// (<bits/poll.h>). The poll loop asks for it as epoll's EPOLLRDHUP.
static const short probe_pollrdhup = 0x2000;

// accept4 is declared only under _GNU_SOURCE, which the Glibc module is not built with.
static inline int probe_accept4(int fd, struct sockaddr *addr, socklen_t *len, int flags) {
    return (int)syscall(SYS_accept4, fd, addr, len, flags);
}

// gettid is declared only under _GNU_SOURCE too; a thread's own id, for its nice value
// (setpriority(2) with PRIO_PROCESS and a thread id sets that thread's alone on Linux).
static inline int probe_gettid(void) { return (int)syscall(SYS_gettid); }
#endif
