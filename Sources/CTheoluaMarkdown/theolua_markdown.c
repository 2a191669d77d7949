#include "theolua_markdown.h"

#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A block of the arena: its header links it to the others, so that a block is freed
   alone (cmark frees and reallocates as it goes) and all of them at once after a
   refusal. The header keeps the block's data aligned as malloc's is. */
typedef struct block {
    struct block *previous;
    struct block *next;
    size_t size;
    size_t padding;
} block;

struct theolua_markdown {
    block *blocks;
    size_t used;
    size_t peak;
    size_t byte_limit;
    struct timespec deadline;
    /* Whether a refusal may jump: only while theolua_markdown_parse's frame is there. */
    int parsing;
    unsigned calls;
    jmp_buf refused;
    cmark_node *document;
    /* The arena current before this one on the thread (parses do not nest today; this
       keeps them right if they ever do). */
    struct theolua_markdown *outer;
};

/* cmark's allocator functions take no context: the arena in use is the thread's. */
static _Thread_local theolua_markdown *current;

static int past_deadline(theolua_markdown *arena) {
    struct timespec now;
    if (clock_gettime(CLOCK_MONOTONIC, &now) != 0) {
        return 0;
    }
    return now.tv_sec > arena->deadline.tv_sec ||
           (now.tv_sec == arena->deadline.tv_sec && now.tv_nsec > arena->deadline.tv_nsec);
}

/* Ends the parse when `more` bytes would pass the limit, or time is up (looked at every
   256 calls: the clock costs more than a small allocation). Returns only when neither. */
static void check(theolua_markdown *arena, size_t more) {
    if (!arena->parsing) {
        return;
    }
    int over = more > arena->byte_limit || arena->used > arena->byte_limit - more;
    if (!over && (++arena->calls & 255) == 0) {
        over = past_deadline(arena);
    }
    if (over) {
        arena->parsing = 0;
        longjmp(arena->refused, 1);
    }
}

static void link_block(theolua_markdown *arena, block *b, size_t size) {
    b->size = size;
    b->previous = NULL;
    b->next = arena->blocks;
    if (arena->blocks != NULL) {
        arena->blocks->previous = b;
    }
    arena->blocks = b;
    arena->used += size;
    if (arena->used > arena->peak) {
        arena->peak = arena->used;
    }
}

static void unlink_block(theolua_markdown *arena, block *b) {
    if (b->previous != NULL) {
        b->previous->next = b->next;
    } else {
        arena->blocks = b->next;
    }
    if (b->next != NULL) {
        b->next->previous = b->previous;
    }
    arena->used -= b->size;
}

/* No memory at all, outside the parse (a walk's iterator): there is no frame to return
   to, so the iterator is given nothing, which cmark_iter_new reports as NULL. */
static void *refuse_outside(theolua_markdown *arena) {
    if (arena->parsing) {
        arena->parsing = 0;
        longjmp(arena->refused, 1);
    }
    return NULL;
}

static void *arena_calloc(size_t count, size_t size) {
    theolua_markdown *arena = current;
    if (arena == NULL) {
        return NULL;
    }
    if (size != 0 && count > (SIZE_MAX - sizeof(block)) / size) {
        return refuse_outside(arena);
    }
    size_t bytes = count * size;
    check(arena, bytes);
    block *b = calloc(1, sizeof(block) + bytes);
    if (b == NULL) {
        return refuse_outside(arena);
    }
    link_block(arena, b, bytes);
    return b + 1;
}

static void *arena_realloc(void *pointer, size_t size) {
    theolua_markdown *arena = current;
    if (arena == NULL) {
        return NULL;
    }
    if (pointer == NULL) {
        return arena_calloc(1, size);
    }
    if (size > SIZE_MAX - sizeof(block)) {
        return refuse_outside(arena);
    }
    block *b = (block *)pointer - 1;
    if (size > b->size) {
        check(arena, size - b->size);
    }
    unlink_block(arena, b);
    block *moved = realloc(b, sizeof(block) + size);
    if (moved == NULL) {
        link_block(arena, b, b->size);
        return refuse_outside(arena);
    }
    link_block(arena, moved, size);
    return moved + 1;
}

static void arena_free(void *pointer) {
    theolua_markdown *arena = current;
    if (pointer == NULL || arena == NULL) {
        return;
    }
    block *b = (block *)pointer - 1;
    unlink_block(arena, b);
    free(b);
}

static cmark_mem arena_memory = {arena_calloc, arena_realloc, arena_free};

static void free_blocks(theolua_markdown *arena) {
    block *b = arena->blocks;
    while (b != NULL) {
        block *next = b->next;
        free(b);
        b = next;
    }
    arena->blocks = NULL;
    arena->used = 0;
}

/* Registers the extensions once for the process (cmark-gfm's registry is global and
   allocates with the default allocator, outside any arena). */
static void register_extensions(void) {
    static int registered;
    if (!__atomic_load_n(&registered, __ATOMIC_ACQUIRE)) {
        cmark_gfm_core_extensions_ensure_registered();
        __atomic_store_n(&registered, 1, __ATOMIC_RELEASE);
    }
}

/* The parse itself, in a frame of its own below the setjmp: what it keeps in locals is
   never read after a refusal. */
static cmark_node *parse(theolua_markdown *arena, const char *text, size_t length, const char *const *extensions,
                         int count) {
    cmark_parser *parser = cmark_parser_new_with_mem(CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8, &arena_memory);
    if (parser == NULL) {
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        cmark_syntax_extension *extension = cmark_find_syntax_extension(extensions[i]);
        if (extension != NULL) {
            cmark_parser_attach_syntax_extension(parser, extension);
        }
    }
    cmark_parser_feed(parser, text, length);
    cmark_node *document = cmark_parser_finish(parser);
    cmark_parser_free(parser);
    return document;
}

theolua_markdown *theolua_markdown_parse(const char *text, size_t length, const char *const *extensions, int count,
                                         size_t byte_limit, double seconds) {
    register_extensions();
    theolua_markdown *arena = calloc(1, sizeof(theolua_markdown));
    if (arena == NULL) {
        return NULL;
    }
    arena->byte_limit = byte_limit;
    clock_gettime(CLOCK_MONOTONIC, &arena->deadline);
    double whole = seconds > 0 ? seconds : 0;
    if (whole > 1e6) {
        whole = 1e6;
    }
    arena->deadline.tv_sec += (time_t)whole;
    arena->deadline.tv_nsec += (long)((whole - (double)(time_t)whole) * 1e9);
    if (arena->deadline.tv_nsec >= 1000000000L) {
        arena->deadline.tv_sec += 1;
        arena->deadline.tv_nsec -= 1000000000L;
    }
    arena->outer = current;
    current = arena;
    if (setjmp(arena->refused) != 0) {
        /* A bound was reached inside the parser: nothing it made is used again. */
        theolua_markdown_free(arena);
        return NULL;
    }
    arena->parsing = 1;
    cmark_node *document = parse(arena, text, length, extensions, count);
    arena->parsing = 0;
    if (document == NULL) {
        theolua_markdown_free(arena);
        return NULL;
    }
    arena->document = document;
    return arena;
}

cmark_node *theolua_markdown_document(theolua_markdown *markdown) { return markdown->document; }

size_t theolua_markdown_peak_bytes(const theolua_markdown *markdown) { return markdown->peak; }

void theolua_markdown_free(theolua_markdown *markdown) {
    if (markdown == NULL) {
        return;
    }
    free_blocks(markdown);
    if (current == markdown) {
        current = markdown->outer;
    }
    free(markdown);
}
