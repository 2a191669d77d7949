#include "theolua_http.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The functions of libcurl we call, found by dlsym. */
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLU *(*url)(void);
    void (*url_cleanup)(CURLU *);
    CURLUcode (*url_set)(CURLU *, CURLUPart, const char *, unsigned int);
    CURLUcode (*url_get)(CURLU *, CURLUPart, char **, unsigned int);
    void (*free)(void *);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[256];
static int loaded;

static void load(void) {
    static const char *const names[] = {
#ifdef __APPLE__
        "libcurl.4.dylib", "libcurl.dylib",
#else
        "libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4", "libcurl.so",
#endif
    };
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !library; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) {
        snprintf(load_error, sizeof load_error,
                 "ui.fetch needs libcurl, which is not installed (Debian: apt install libcurl4)");
        return;
    }
#define FIND(field, symbol)                                                                 \
    do {                                                                                    \
        *(void **)(&api.field) = dlsym(library, symbol);                                    \
        if (!api.field) {                                                                   \
            snprintf(load_error, sizeof load_error,                                         \
                     "ui.fetch: the libcurl installed is too old (it has no %s; 7.68 or later " \
                     "is needed)", symbol);                                                 \
            return;                                                                         \
        }                                                                                   \
    } while (0)
    FIND(global_init, "curl_global_init");
    FIND(easy_init, "curl_easy_init");
    FIND(easy_setopt, "curl_easy_setopt");
    FIND(easy_getinfo, "curl_easy_getinfo");
    FIND(easy_cleanup, "curl_easy_cleanup");
    FIND(easy_strerror, "curl_easy_strerror");
    FIND(slist_append, "curl_slist_append");
    FIND(slist_free_all, "curl_slist_free_all");
    FIND(multi_init, "curl_multi_init");
    FIND(multi_add_handle, "curl_multi_add_handle");
    FIND(multi_remove_handle, "curl_multi_remove_handle");
    FIND(multi_perform, "curl_multi_perform");
    FIND(multi_poll, "curl_multi_poll");
    FIND(multi_wakeup, "curl_multi_wakeup");
    FIND(multi_info_read, "curl_multi_info_read");
    FIND(multi_cleanup, "curl_multi_cleanup");
    FIND(url, "curl_url");
    FIND(url_cleanup, "curl_url_cleanup");
    FIND(url_set, "curl_url_set");
    FIND(url_get, "curl_url_get");
    FIND(free, "curl_free");
#undef FIND
    if (api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "ui.fetch: libcurl could not start");
        return;
    }
    loaded = 1;
}

int theolua_http_load(char *error, size_t capacity) {
    pthread_once(&load_once, load);
    if (loaded) return 0;
    if (error && capacity) snprintf(error, capacity, "%s", load_error);
    return -1;
}

/* Bytes received, up to a limit: past it the transfer is stopped. */
struct buffer {
    unsigned char *bytes;
    size_t length;
    size_t capacity;
};

static int buffer_append(struct buffer *buffer, const void *bytes, size_t length, size_t limit) {
    if (length > limit - buffer->length) return -1;
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 16384;
        while (capacity < buffer->length + length) capacity *= 2;
        if (capacity > limit) capacity = limit;
        unsigned char *grown = realloc(buffer->bytes, capacity + 1);
        if (!grown) return -1;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, bytes, length);
    buffer->length += length;
    buffer->bytes[buffer->length] = 0;
    return 0;
}

struct theolua_http_transfer {
    CURL *handle;
    struct curl_slist *headers;
    unsigned char *body;
    char *method;
    size_t limit;
    struct buffer received;
    struct buffer header_block;
    int too_large;
    char failure[CURL_ERROR_SIZE + 64];
    char curl_error[CURL_ERROR_SIZE];
    char *redirect;
};

static size_t on_body(char *bytes, size_t size, size_t count, void *context) {
    theolua_http_transfer *transfer = context;
    size_t length = size * count;
    if (buffer_append(&transfer->received, bytes, length, transfer->limit) != 0) {
        transfer->too_large = 1;
        return 0; /* stops the transfer with CURLE_WRITE_ERROR */
    }
    return length;
}

static size_t on_header(char *bytes, size_t size, size_t count, void *context) {
    theolua_http_transfer *transfer = context;
    size_t length = size * count;
    /* A status line starts the headers of a new response (after a 100 Continue, or
       through a proxy): keep only the last response's. */
    if (length >= 5 && memcmp(bytes, "HTTP/", 5) == 0) transfer->header_block.length = 0;
    if (buffer_append(&transfer->header_block, bytes, length, transfer->limit) != 0) {
        transfer->too_large = 1;
        return 0;
    }
    return length;
}

static void set_failure(char *error, size_t capacity, const char *message) {
    if (error && capacity) snprintf(error, capacity, "%s", message);
}

theolua_http_transfer *theolua_http_transfer_new(
    const struct theolua_http_options *options, char *error, size_t capacity) {
    if (theolua_http_load(error, capacity) != 0) return NULL;
    theolua_http_transfer *transfer = calloc(1, sizeof *transfer);
    if (!transfer) {
        set_failure(error, capacity, "out of memory");
        return NULL;
    }
    transfer->limit = options->limit;
    transfer->handle = api.easy_init();
    if (!transfer->handle) {
        free(transfer);
        set_failure(error, capacity, "libcurl could not make a transfer");
        return NULL;
    }
    CURL *handle = transfer->handle;
    int failed = 0;
#define SET(option, value) failed |= api.easy_setopt(handle, option, value) != CURLE_OK
    SET(CURLOPT_URL, options->url);
    SET(CURLOPT_PRIVATE, (void *)transfer);
    SET(CURLOPT_NOSIGNAL, 1L);
    SET(CURLOPT_FOLLOWLOCATION, 0L);
    SET(CURLOPT_ERRORBUFFER, transfer->curl_error);
    SET(CURLOPT_WRITEFUNCTION, on_body);
    SET(CURLOPT_WRITEDATA, (void *)transfer);
    SET(CURLOPT_HEADERFUNCTION, on_header);
    SET(CURLOPT_HEADERDATA, (void *)transfer);
    SET(CURLOPT_TIMEOUT_MS, options->timeout_ms);
    SET(CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)options->limit);
    /* Bodies come decoded, as every client shows them. */
    SET(CURLOPT_ACCEPT_ENCODING, "");
    /* Only the web: no file://, no other protocol, whatever the URL says. */
#if LIBCURL_VERSION_NUM >= 0x075500
    if (api.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK)
#endif
    {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
        SET(CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#pragma clang diagnostic pop
    }
    const char *method = options->method ? options->method : "GET";
    if (strcmp(method, "HEAD") == 0) {
        SET(CURLOPT_NOBODY, 1L);
    } else if (strcmp(method, "GET") != 0) {
        transfer->method = strdup(method);
        if (!transfer->method) failed = 1;
        SET(CURLOPT_CUSTOMREQUEST, transfer->method);
    }
    if (options->body) {
        transfer->body = malloc(options->body_length ? options->body_length : 1);
        if (!transfer->body) failed = 1;
        else memcpy(transfer->body, options->body, options->body_length);
        SET(CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)options->body_length);
        SET(CURLOPT_POSTFIELDS, (void *)transfer->body);
        /* POSTFIELDS makes it a POST; the method asked for stays. */
        if (!transfer->method && strcmp(method, "POST") != 0) SET(CURLOPT_CUSTOMREQUEST, method);
    }
    for (size_t i = 0; i < options->header_count; i++) {
        struct curl_slist *appended = api.slist_append(transfer->headers, options->headers[i]);
        if (!appended) {
            failed = 1;
            break;
        }
        transfer->headers = appended;
    }
    if (transfer->headers) SET(CURLOPT_HTTPHEADER, transfer->headers);
#undef SET
    if (failed) {
        theolua_http_transfer_free(transfer);
        set_failure(error, capacity, "libcurl refused the request's settings");
        return NULL;
    }
    return transfer;
}

void theolua_http_transfer_free(theolua_http_transfer *transfer) {
    if (!transfer) return;
    if (transfer->handle) api.easy_cleanup(transfer->handle);
    if (transfer->headers) api.slist_free_all(transfer->headers);
    free(transfer->body);
    free(transfer->method);
    free(transfer->received.bytes);
    free(transfer->header_block.bytes);
    free(transfer->redirect);
    free(transfer);
}

/* Records how the transfer ended: its failure, or its status and redirect. */
static void finish(theolua_http_transfer *transfer, CURLcode result) {
    if (result != CURLE_OK) {
        if (transfer->too_large || result == CURLE_FILESIZE_EXCEEDED) {
            snprintf(transfer->failure, sizeof transfer->failure,
                     "the response is larger than the %zu bytes a fetch keeps", transfer->limit);
        } else if (transfer->curl_error[0]) {
            snprintf(transfer->failure, sizeof transfer->failure, "%s", transfer->curl_error);
        } else {
            snprintf(transfer->failure, sizeof transfer->failure, "%s", api.easy_strerror(result));
        }
        return;
    }
    char *redirect = NULL;
    if (api.easy_getinfo(transfer->handle, CURLINFO_REDIRECT_URL, &redirect) == CURLE_OK && redirect) {
        transfer->redirect = strdup(redirect);
    }
}

const char *theolua_http_failure(const theolua_http_transfer *transfer) {
    return transfer->failure[0] ? transfer->failure : NULL;
}

long theolua_http_status(const theolua_http_transfer *transfer) {
    long status = 0;
    api.easy_getinfo(transfer->handle, CURLINFO_RESPONSE_CODE, &status);
    return status;
}

const unsigned char *theolua_http_body(const theolua_http_transfer *transfer, size_t *length) {
    *length = transfer->received.length;
    return transfer->received.bytes;
}

const char *theolua_http_headers(const theolua_http_transfer *transfer, size_t *length) {
    *length = transfer->header_block.length;
    return (const char *)transfer->header_block.bytes;
}

const char *theolua_http_redirect(const theolua_http_transfer *transfer) { return transfer->redirect; }

struct theolua_http_multi {
    CURLM *handle;
};

theolua_http_multi *theolua_http_multi_new(void) {
    if (theolua_http_load(NULL, 0) != 0) return NULL;
    theolua_http_multi *multi = calloc(1, sizeof *multi);
    if (!multi) return NULL;
    multi->handle = api.multi_init();
    if (!multi->handle) {
        free(multi);
        return NULL;
    }
    return multi;
}

void theolua_http_multi_free(theolua_http_multi *multi) {
    if (!multi) return;
    api.multi_cleanup(multi->handle);
    free(multi);
}

int theolua_http_multi_add(theolua_http_multi *multi, theolua_http_transfer *transfer) {
    return api.multi_add_handle(multi->handle, transfer->handle) == CURLM_OK ? 0 : -1;
}

void theolua_http_multi_remove(theolua_http_multi *multi, theolua_http_transfer *transfer) {
    api.multi_remove_handle(multi->handle, transfer->handle);
}

void theolua_http_multi_run(theolua_http_multi *multi, int timeout_ms) {
    int running = 0;
    api.multi_perform(multi->handle, &running);
    int ready = 0;
    api.multi_poll(multi->handle, NULL, 0, timeout_ms, &ready);
    api.multi_perform(multi->handle, &running);
}

void theolua_http_multi_wakeup(theolua_http_multi *multi) { api.multi_wakeup(multi->handle); }

theolua_http_transfer *theolua_http_multi_next_done(theolua_http_multi *multi) {
    int left = 0;
    CURLMsg *message;
    while ((message = api.multi_info_read(multi->handle, &left))) {
        if (message->msg != CURLMSG_DONE) continue;
        CURL *handle = message->easy_handle;
        CURLcode result = message->data.result;
        theolua_http_transfer *transfer = NULL;
        api.easy_getinfo(handle, CURLINFO_PRIVATE, (char **)&transfer);
        api.multi_remove_handle(multi->handle, handle);
        if (transfer) {
            finish(transfer, result);
            return transfer;
        }
    }
    return NULL;
}

/* Copies part `which` of `parsed` into `out`: 0, or -1 when it has none or it does not
   fit (a cut URL would name another resource than the one checked). */
static int copy_part(CURLU *parsed, CURLUPart which, unsigned int flags, char *out, size_t capacity) {
    char *part = NULL;
    if (api.url_get(parsed, which, &part, flags) != CURLUE_OK || !part) return -1;
    int written = snprintf(out, capacity, "%s", part);
    api.free(part);
    return written < 0 || (size_t)written >= capacity ? -1 : 0;
}

int theolua_http_url_parts(
    const char *url, const char *base, char *scheme, size_t scheme_capacity, char *host,
    size_t host_capacity, long *port, char *normalized, size_t normalized_capacity) {
    char reason[128];
    if (theolua_http_load(reason, sizeof reason) != 0) {
        snprintf(scheme, scheme_capacity, "%s", reason);
        return -1;
    }
    CURLU *parsed = api.url();
    if (!parsed) {
        snprintf(scheme, scheme_capacity, "out of memory");
        return -1;
    }
    const char *failure = NULL;
    char port_text[16];
    if ((base && api.url_set(parsed, CURLUPART_URL, base, 0) != CURLUE_OK) ||
        api.url_set(parsed, CURLUPART_URL, url, 0) != CURLUE_OK ||
        copy_part(parsed, CURLUPART_SCHEME, 0, scheme, scheme_capacity) != 0) {
        failure = "not a URL";
    } else if (strcasecmp(scheme, "http") != 0 && strcasecmp(scheme, "https") != 0) {
        failure = "only http and https URLs can be fetched";
    } else if (copy_part(parsed, CURLUPART_HOST, 0, host, host_capacity) != 0) {
        failure = "the URL names no host";
    } else if (copy_part(parsed, CURLUPART_PORT, CURLU_DEFAULT_PORT, port_text, sizeof port_text) != 0) {
        failure = "the URL names no port";
    } else if (normalized && copy_part(parsed, CURLUPART_URL, 0, normalized, normalized_capacity) != 0) {
        failure = "the URL is too long";
    }
    api.url_cleanup(parsed);
    if (failure) {
        snprintf(scheme, scheme_capacity, "%s", failure);
        return -1;
    }
    *port = strtol(port_text, NULL, 10);
    return 0;
}
