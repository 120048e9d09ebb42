// OpenSSL 3 for Swift. Macros and variadic calls that Swift cannot import are re-exposed
// here as static inline functions with a probe_ prefix; nothing of C leaks past the TLS files.
#ifndef PROBE_COPENSSL_SHIM_H
#define PROBE_COPENSSL_SHIM_H
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/bio.h>
#include <openssl/ec.h>
#endif
