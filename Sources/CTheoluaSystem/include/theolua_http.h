#ifndef THEOLUA_HTTP_H
#define THEOLUA_HTTP_H

#include <stddef.h>

/* HTTP and HTTPS through libcurl, loaded when first used (dlopen), so that theolua runs
   where libcurl is missing and only ui.fetch says so. A transfer is set up on the
   caller's thread, then run by a multi handle on one other thread (the client's); the
   results are read back once it is done. Nothing here follows a redirect: the caller
   checks each target against its grants and starts a new transfer. */

/* Loads libcurl once; 0 when it is ready, -1 with the reason in `error`. Thread-safe. */
int theolua_http_load(char *error, size_t capacity);

/* What one request asks for. */
struct theolua_http_options {
    const char *url;
    const char *method;         /* "GET" when NULL */
    const char *const *headers; /* "Name: value" lines */
    size_t header_count;
    const unsigned char *body;  /* none when NULL */
    size_t body_length;
    long timeout_ms;            /* the whole transfer, connecting included */
    size_t limit;               /* the most bytes of body (and of headers) kept */
};

typedef struct theolua_http_transfer theolua_http_transfer;

/* A transfer set up from `options` (copied), or NULL with the reason in `error`. */
theolua_http_transfer *theolua_http_transfer_new(
    const struct theolua_http_options *options, char *error, size_t capacity);
void theolua_http_transfer_free(theolua_http_transfer *transfer);

/* Once done: the failure (NULL when a response came), the status, the body, the
   header block of the last response, and where a redirect leads (NULL when none). */
const char *theolua_http_failure(const theolua_http_transfer *transfer);
long theolua_http_status(const theolua_http_transfer *transfer);
const unsigned char *theolua_http_body(const theolua_http_transfer *transfer, size_t *length);
const char *theolua_http_headers(const theolua_http_transfer *transfer, size_t *length);
const char *theolua_http_redirect(const theolua_http_transfer *transfer);

typedef struct theolua_http_multi theolua_http_multi;

theolua_http_multi *theolua_http_multi_new(void);
void theolua_http_multi_free(theolua_http_multi *multi);
/* Adds or removes a transfer: 0, or -1. A removed transfer is not done. */
int theolua_http_multi_add(theolua_http_multi *multi, theolua_http_transfer *transfer);
void theolua_http_multi_remove(theolua_http_multi *multi, theolua_http_transfer *transfer);
/* Moves the transfers on, then waits at most `timeout_ms` for their sockets or a
   wakeup. */
void theolua_http_multi_run(theolua_http_multi *multi, int timeout_ms);
/* Ends a wait of theolua_http_multi_run at once; callable from any thread. */
void theolua_http_multi_wakeup(theolua_http_multi *multi);
/* The next transfer that is done (removed from the multi), or NULL. */
theolua_http_transfer *theolua_http_multi_next_done(theolua_http_multi *multi);

/* The scheme, host and port of an absolute URL, as libcurl reads it (the port the
   scheme implies when none is given); `base` resolves a relative `url` (a redirect's
   Location) when not NULL. 0, or -1 with the reason in `scheme`. The whole URL, made
   absolute and normalized, goes to `normalized` when not NULL. */
int theolua_http_url_parts(
    const char *url, const char *base, char *scheme, size_t scheme_capacity, char *host,
    size_t host_capacity, long *port, char *normalized, size_t normalized_capacity);

#endif
