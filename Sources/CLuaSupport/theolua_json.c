/* ui.json.decode and ui.json.encode: JSON (RFC 8259) to Lua values and back, in C so
   that a document of many megabytes is read at the speed of the host's own parser, and
   so that an error (a malformed document, the memory cap) is raised as an ordinary Lua
   error without crossing a Swift frame.

   Both are charged to the instruction budget (one instruction per eight bytes read or
   written, in chunks) and allocate only through Lua, under its memory cap. */

#include "theolua_support.h"

#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// The deepest arrays and objects may nest, as for `--props`.
#define JSON_MAX_DEPTH 512
/// Bytes read or written for one instruction of the budget.
#define JSON_BYTES_PER_STEP 8
/// Bytes read or written between two charges.
#define JSON_CHARGE_CHUNK 65536

/* Upvalues of both functions. */
#define JSON_NULL lua_upvalueindex(1)
#define JSON_OBJECT lua_upvalueindex(2)

/* ---- Decoding ---- */

typedef struct json_reader {
    lua_State *L;
    const unsigned char *start;
    const unsigned char *at;
    const unsigned char *end;
    /// Bytes before this are paid for.
    const unsigned char *charged;
    int depth;
    /// The sizes of the last array and object read at each depth: the next one there
    /// is made that size at once (rows of a document are alike), not grown step by step.
    int array_hint[JSON_MAX_DEPTH + 2];
    int object_hint[JSON_MAX_DEPTH + 2];
} json_reader;

/// A size to make a table with: what the last one at this depth held, within reason.
#define JSON_HINT_MAX 64

/// Raises "line L, column C: message" for the position `at` (columns count characters).
static int reader_error(json_reader *r, const unsigned char *at, const char *message) {
    int line = 1;
    int column = 1;
    for (const unsigned char *p = r->start; p < at && p < r->end; p++) {
        if (*p == '\n') {
            line++;
            column = 1;
        } else if ((*p & 0xC0) != 0x80) {
            column++;
        }
    }
    return luaL_error(r->L, "ui.json.decode: line %d, column %d: %s", line, column, message);
}

/// Raises an error naming what was expected and what is at the current position.
static int reader_expected(json_reader *r, const char *expected) {
    char message[256];
    if (r->at >= r->end) {
        snprintf(message, sizeof message, "expected %s, got the end of the text", expected);
    } else if (*r->at >= 0x20 && *r->at < 0x7F) {
        snprintf(message, sizeof message, "expected %s, got '%c'", expected, *r->at);
    } else {
        snprintf(message, sizeof message, "expected %s, got the byte 0x%02X", expected, *r->at);
    }
    return reader_error(r, r->at, message);
}

static inline void reader_charge(json_reader *r) {
    if (r->at - r->charged >= JSON_CHARGE_CHUNK) {
        theolua_charge(r->L, (long long)(r->at - r->charged) / JSON_BYTES_PER_STEP);
        r->charged = r->at;
    }
}

static inline void skip_space(json_reader *r) {
    while (r->at < r->end && (*r->at == ' ' || *r->at == '\n' || *r->at == '\r' || *r->at == '\t')) {
        r->at++;
    }
}

static void read_value(json_reader *r);

/// The value of the four hex digits at `p` (which the caller checked are there), or -1.
static long hex4(const unsigned char *p) {
    long value = 0;
    for (int i = 0; i < 4; i++) {
        unsigned char c = p[i];
        value <<= 4;
        if (c >= '0' && c <= '9') {
            value |= c - '0';
        } else if (c >= 'a' && c <= 'f') {
            value |= c - 'a' + 10;
        } else if (c >= 'A' && c <= 'F') {
            value |= c - 'A' + 10;
        } else {
            return -1;
        }
    }
    return value;
}

/// Appends the UTF-8 encoding of `scalar` to `b`.
static void add_utf8(luaL_Buffer *b, unsigned long scalar) {
    char bytes[4];
    int count;
    if (scalar < 0x80) {
        bytes[0] = (char)scalar;
        count = 1;
    } else if (scalar < 0x800) {
        bytes[0] = (char)(0xC0 | (scalar >> 6));
        bytes[1] = (char)(0x80 | (scalar & 0x3F));
        count = 2;
    } else if (scalar < 0x10000) {
        bytes[0] = (char)(0xE0 | (scalar >> 12));
        bytes[1] = (char)(0x80 | ((scalar >> 6) & 0x3F));
        bytes[2] = (char)(0x80 | (scalar & 0x3F));
        count = 3;
    } else {
        bytes[0] = (char)(0xF0 | (scalar >> 18));
        bytes[1] = (char)(0x80 | ((scalar >> 12) & 0x3F));
        bytes[2] = (char)(0x80 | ((scalar >> 6) & 0x3F));
        bytes[3] = (char)(0x80 | (scalar & 0x3F));
        count = 4;
    }
    luaL_addlstring(b, bytes, (size_t)count);
}

/// Reads the `\` escape at `r->at` (after the backslash) into `b`.
static void read_escape(json_reader *r, luaL_Buffer *b) {
    const unsigned char *escape = r->at - 1;
    if (r->at >= r->end) reader_error(r, escape, "a string ends inside an escape");
    unsigned char c = *r->at++;
    switch (c) {
    case '"': luaL_addchar(b, '"'); return;
    case '\\': luaL_addchar(b, '\\'); return;
    case '/': luaL_addchar(b, '/'); return;
    case 'b': luaL_addchar(b, '\b'); return;
    case 'f': luaL_addchar(b, '\f'); return;
    case 'n': luaL_addchar(b, '\n'); return;
    case 'r': luaL_addchar(b, '\r'); return;
    case 't': luaL_addchar(b, '\t'); return;
    case 'u': break;
    default: reader_error(r, escape, "an unknown escape in a string (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX)");
    }
    long unit = r->end - r->at >= 4 ? hex4(r->at) : -1;
    if (unit < 0) reader_error(r, escape, "\\u must be followed by four hex digits");
    r->at += 4;
    unsigned long scalar = (unsigned long)unit;
    if (unit >= 0xD800 && unit <= 0xDBFF) {
        /* A high surrogate: a low one must follow to make one character. */
        long low = r->end - r->at >= 6 && r->at[0] == '\\' && r->at[1] == 'u' ? hex4(r->at + 2) : -1;
        if (low >= 0xDC00 && low <= 0xDFFF) {
            scalar = 0x10000 + (((unsigned long)unit - 0xD800) << 10) + ((unsigned long)low - 0xDC00);
            r->at += 6;
        } else {
            scalar = 0xFFFD; /* a lone surrogate, as the props parser reads it */
        }
    } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
        scalar = 0xFFFD;
    }
    add_utf8(b, scalar);
}

/// How many bytes at `s` (of `n` left; `s[0]` is 0x80 or more) make one character: a
/// whole UTF-8 sequence (`*valid` set), or else the longest start of one before it
/// breaks off, which reads as one U+FFFD, as Unicode recommends and as the host reads
/// text (Swift's `String(decoding:as:)`).
static size_t utf8_span(const unsigned char *s, size_t n, int *valid) {
    unsigned char c = s[0];
    size_t length;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        length = 2;
    } else if (c == 0xE0) {
        length = 3;
        low = 0xA0;
    } else if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) {
        length = 3;
    } else if (c == 0xED) {
        length = 3;
        high = 0x9F; /* no surrogates */
    } else if (c == 0xF0) {
        length = 4;
        low = 0x90;
    } else if (c >= 0xF1 && c <= 0xF3) {
        length = 4;
    } else if (c == 0xF4) {
        length = 4;
        high = 0x8F; /* nothing past U+10FFFF */
    } else {
        *valid = 0;
        return 1;
    }
    size_t i = 1;
    while (i < length && i < n && s[i] >= (i == 1 ? low : 0x80) && s[i] <= (i == 1 ? high : 0xBF)) i++;
    *valid = i == length;
    return i;
}

/// Reads the string whose opening quote is at `r->at` and pushes it. Bytes that are not
/// UTF-8 read as U+FFFD, as the host's parser reads them.
static void read_string(json_reader *r) {
    const unsigned char *opening = r->at;
    r->at++;
    const unsigned char *run = r->at;
    luaL_Buffer b;
    int buffered = 0; /* the common case: no escape, pushed straight from the text */
    for (;;) {
        while (r->at < r->end) {
            unsigned char c = *r->at;
            if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
                r->at++;
                continue;
            }
            if (c < 0x80) break;
            int valid;
            size_t span = utf8_span(r->at, (size_t)(r->end - r->at), &valid);
            if (!valid) {
                if (!buffered) {
                    luaL_buffinit(r->L, &b);
                    buffered = 1;
                }
                luaL_addlstring(&b, (const char *)run, (size_t)(r->at - run));
                luaL_addlstring(&b, "\xEF\xBF\xBD", 3);
                run = r->at + span;
            }
            r->at += span;
        }
        if (r->at >= r->end) reader_error(r, opening, "a string is not closed");
        unsigned char c = *r->at;
        if (c == '"') {
            if (!buffered) {
                lua_pushlstring(r->L, (const char *)run, (size_t)(r->at - run));
            } else {
                luaL_addlstring(&b, (const char *)run, (size_t)(r->at - run));
                luaL_pushresult(&b);
            }
            r->at++;
            return;
        }
        if (c < 0x20) reader_error(r, r->at, "a control character in a string must be escaped");
        if (!buffered) {
            luaL_buffinit(r->L, &b);
            buffered = 1;
        }
        luaL_addlstring(&b, (const char *)run, (size_t)(r->at - run));
        r->at++; /* the backslash */
        read_escape(r, &b);
        run = r->at;
    }
}

/// Refuses the number just pushed when it is too large for a double, as `--props` does:
/// an infinity could not be written back.
static void check_range(json_reader *r, const unsigned char *begin) {
    if (!lua_isinteger(r->L, -1) && isinf(lua_tonumber(r->L, -1))) {
        reader_error(r, begin, "a number out of range");
    }
}

/// Reads the number at `r->at` and pushes it: an integer when it has no fraction or
/// exponent and fits one, else a float.
static void read_number(json_reader *r) {
    const unsigned char *begin = r->at;
    const unsigned char *p = r->at;
    if (p < r->end && *p == '-') p++;
    if (p >= r->end || *p < '0' || *p > '9') {
        r->at = p;
        reader_expected(r, "a digit");
    }
    if (*p == '0') {
        p++;
        if (p < r->end && *p >= '0' && *p <= '9') {
            r->at = p;
            reader_error(r, begin, "a number cannot start with 0 followed by digits");
        }
    } else {
        while (p < r->end && *p >= '0' && *p <= '9') p++;
    }
    int is_float = 0;
    if (p < r->end && *p == '.') {
        is_float = 1;
        p++;
        if (p >= r->end || *p < '0' || *p > '9') {
            r->at = p;
            reader_expected(r, "a digit after the decimal point");
        }
        while (p < r->end && *p >= '0' && *p <= '9') p++;
    }
    if (p < r->end && (*p == 'e' || *p == 'E')) {
        is_float = 1;
        p++;
        if (p < r->end && (*p == '+' || *p == '-')) p++;
        if (p >= r->end || *p < '0' || *p > '9') {
            r->at = p;
            reader_expected(r, "a digit in the exponent");
        }
        while (p < r->end && *p >= '0' && *p <= '9') p++;
    }
    size_t length = (size_t)(p - begin);
    r->at = p;
    if (!is_float && length <= 18) {
        /* Up to 18 digits always fit: no overflow to check. */
        const unsigned char *q = begin;
        int negative = *q == '-';
        if (negative) q++;
        lua_Integer value = 0;
        while (q < p) value = value * 10 + (*q++ - '0');
        lua_pushinteger(r->L, negative ? -value : value);
        return;
    }
    /* Lua reads the rest as it reads its own literals: an integer when it fits, else a
       float; its reading of the decimal point does not depend on the locale. */
    char text[400];
    if (length >= sizeof text) {
        /* A float this long: its first digits decide its value, up to the exponent. */
        lua_pushlstring(r->L, (const char *)begin, length);
        if (lua_stringtonumber(r->L, lua_tostring(r->L, -1)) == 0) {
            reader_error(r, begin, "a number that cannot be read");
        }
        lua_remove(r->L, -2);
        check_range(r, begin);
        return;
    }
    memcpy(text, begin, length);
    text[length] = '\0';
    if (!is_float) {
        /* An integer too large for 64 bits is read as a float, as Lua reads it. */
        if (lua_stringtonumber(r->L, text) == 0) reader_error(r, begin, "a number that cannot be read");
        check_range(r, begin);
        return;
    }
    if (lua_stringtonumber(r->L, text) == 0) reader_error(r, begin, "a number that cannot be read");
    check_range(r, begin);
    if (lua_isinteger(r->L, -1)) {
        /* "1e2" or "1.0" is a float in JSON's reading of it. */
        lua_Number value = (lua_Number)lua_tointeger(r->L, -1);
        lua_pop(r->L, 1);
        lua_pushnumber(r->L, value);
    }
}

/// Reads the literal `word` (true, false, null) at `r->at`.
static int read_word(json_reader *r, const char *word, size_t length) {
    if ((size_t)(r->end - r->at) >= length && memcmp(r->at, word, length) == 0) {
        r->at += length;
        return 1;
    }
    return 0;
}

static void enter(json_reader *r) {
    if (++r->depth > JSON_MAX_DEPTH) {
        char message[96];
        snprintf(message, sizeof message, "arrays and objects nested deeper than %d levels", JSON_MAX_DEPTH);
        reader_error(r, r->at, message);
    }
    luaL_checkstack(r->L, 4, "ui.json.decode: too deep");
}

static void read_array(json_reader *r) {
    enter(r);
    r->at++; /* [ */
    int depth = r->depth;
    lua_createtable(r->L, r->array_hint[depth], 0);
    skip_space(r);
    if (r->at < r->end && *r->at == ']') {
        r->at++;
        r->depth--;
        return;
    }
    lua_Integer count = 0;
    for (;;) {
        read_value(r);
        lua_rawseti(r->L, -2, ++count);
        skip_space(r);
        if (r->at < r->end && *r->at == ',') {
            r->at++;
            continue;
        }
        if (r->at < r->end && *r->at == ']') {
            r->at++;
            break;
        }
        reader_expected(r, "',' or ']' after an array item");
    }
    r->array_hint[depth] = count < JSON_HINT_MAX ? (int)count : JSON_HINT_MAX;
    r->depth--;
}

static void read_object(json_reader *r) {
    enter(r);
    r->at++; /* { */
    int depth = r->depth;
    lua_createtable(r->L, 0, r->object_hint[depth]);
    skip_space(r);
    if (r->at < r->end && *r->at == '}') {
        r->at++;
        r->depth--;
        /* An empty object stays one when encoded again. */
        lua_pushvalue(r->L, JSON_OBJECT);
        lua_setmetatable(r->L, -2);
        return;
    }
    int members = 0;
    for (;;) {
        skip_space(r);
        if (r->at >= r->end || *r->at != '"') reader_expected(r, "a member name in double quotes");
        members++;
        read_string(r);
        skip_space(r);
        if (r->at >= r->end || *r->at != ':') reader_expected(r, "':' after a member name");
        r->at++;
        read_value(r);
        lua_rawset(r->L, -3); /* a repeated name: the last one wins */
        skip_space(r);
        if (r->at < r->end && *r->at == ',') {
            r->at++;
            continue;
        }
        if (r->at < r->end && *r->at == '}') {
            r->at++;
            break;
        }
        reader_expected(r, "',' or '}' after an object member");
    }
    r->object_hint[depth] = members < JSON_HINT_MAX ? members : JSON_HINT_MAX;
    r->depth--;
}

static void read_value(json_reader *r) {
    reader_charge(r);
    skip_space(r);
    if (r->at >= r->end) reader_expected(r, "a value");
    switch (*r->at) {
    case '{': read_object(r); return;
    case '[': read_array(r); return;
    case '"': read_string(r); return;
    case 't':
        if (read_word(r, "true", 4)) {
            lua_pushboolean(r->L, 1);
            return;
        }
        break;
    case 'f':
        if (read_word(r, "false", 5)) {
            lua_pushboolean(r->L, 0);
            return;
        }
        break;
    case 'n':
        if (read_word(r, "null", 4)) {
            lua_pushvalue(r->L, JSON_NULL);
            return;
        }
        break;
    default:
        if (*r->at == '-' || (*r->at >= '0' && *r->at <= '9')) {
            read_number(r);
            return;
        }
    }
    reader_expected(r, "a value (an object, an array, a string, a number, true, false or null)");
}

/// `ui.json.decode(text)` → the value the JSON text holds.
static int json_decode(lua_State *L) {
    if (lua_type(L, 1) != LUA_TSTRING) {
        return luaL_error(L, "ui.json.decode: expected the JSON text as a string, got %s", luaL_typename(L, 1));
    }
    size_t length;
    const char *text = lua_tolstring(L, 1, &length);
    lua_settop(L, 1);
    json_reader r;
    r.L = L;
    r.start = (const unsigned char *)text;
    r.at = r.start;
    r.end = r.start + length;
    r.charged = r.start;
    r.depth = 0;
    memset(r.array_hint, 0, sizeof r.array_hint);
    memset(r.object_hint, 0, sizeof r.object_hint);
    read_value(&r);
    skip_space(&r);
    if (r.at < r.end) reader_expected(&r, "the end of the text after the value");
    theolua_charge(L, (long long)(r.at - r.charged) / JSON_BYTES_PER_STEP);
    return 1;
}

/* ---- Encoding ---- */

/* The text is built in a userdata of our own at a fixed stack slot, grown by doubling,
   rather than in a luaL_Buffer: writing walks tables with the stack, which a luaL_Buffer
   forbids between its operations. */
typedef struct json_writer {
    lua_State *L;
    /// The text so far: `length` bytes of the `capacity` of the userdata at `slot`.
    char *data;
    size_t length;
    size_t capacity;
    int slot;
    int pretty;
    int depth;
    /// Stack index of the table of the tables being written (for cycles).
    int visiting;
    /// Bytes written since the last charge.
    size_t uncharged;
    /// The path to the value being written, for errors: ".name[3]".
    char path[256];
    size_t path_length;
} json_writer;

/// Raises "ui.json.encode: at .path[1]: message" (without the path at the top).
/// Makes room for `extra` more bytes.
static void reserve(json_writer *w, size_t extra) {
    if (extra <= w->capacity - w->length) return;
    size_t capacity = w->capacity;
    while (extra > capacity - w->length) {
        if (capacity > ((size_t)-1) / 4) luaL_error(w->L, "ui.json.encode: the text is too large");
        capacity *= 2;
    }
    char *grown = (char *)lua_newuserdatauv(w->L, capacity, 0);
    memcpy(grown, w->data, w->length);
    lua_replace(w->L, w->slot);
    w->data = grown;
    w->capacity = capacity;
}

static inline void add_bytes(json_writer *w, const char *bytes, size_t count) {
    reserve(w, count);
    memcpy(w->data + w->length, bytes, count);
    w->length += count;
}

static inline void add_char(json_writer *w, char c) {
    reserve(w, 1);
    w->data[w->length++] = c;
}

static int writer_error(json_writer *w, const char *message) {
    if (w->path_length == 0) return luaL_error(w->L, "ui.json.encode: %s", message);
    return luaL_error(w->L, "ui.json.encode: at %s: %s", w->path, message);
}

static inline void writer_charge(json_writer *w, size_t bytes) {
    w->uncharged += bytes;
    if (w->uncharged >= JSON_CHARGE_CHUNK) {
        theolua_charge(w->L, (long long)(w->uncharged / JSON_BYTES_PER_STEP));
        w->uncharged = 0;
    }
}

/// Extends the path with `.name` or `[index]`; returns the length to restore.
static size_t path_push(json_writer *w, const char *name, size_t name_length, lua_Integer index) {
    size_t saved = w->path_length;
    size_t room = sizeof w->path - w->path_length;
    int written;
    if (name != NULL) {
        written = snprintf(w->path + w->path_length, room, ".%.*s", (int)(name_length > 60 ? 60 : name_length), name);
    } else {
        written = snprintf(w->path + w->path_length, room, "[%lld]", (long long)index);
    }
    if (written > 0) {
        w->path_length += (size_t)written < room ? (size_t)written : room - 1;
    }
    return saved;
}

static void path_pop(json_writer *w, size_t saved) {
    w->path_length = saved;
    w->path[saved] = '\0';
}

static void write_newline(json_writer *w) {
    if (!w->pretty) return;
    add_char(w, '\n');
    for (int i = 0; i < w->depth; i++) add_bytes(w, "  ", 2);
}

/// The length of the UTF-8 sequence at `s` (of `n` bytes left), or 0 when it is not one.
static size_t utf8_length(const unsigned char *s, size_t n) {
    unsigned char c = s[0];
    size_t length;
    unsigned long scalar;
    if (c < 0xC2) return 0;
    if (c < 0xE0) {
        length = 2;
        scalar = c & 0x1F;
    } else if (c < 0xF0) {
        length = 3;
        scalar = c & 0x0F;
    } else if (c < 0xF5) {
        length = 4;
        scalar = c & 0x07;
    } else {
        return 0;
    }
    if (n < length) return 0;
    for (size_t i = 1; i < length; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        scalar = (scalar << 6) | (s[i] & 0x3F);
    }
    if ((length == 3 && scalar < 0x800) || (length == 4 && (scalar < 0x10000 || scalar > 0x10FFFF))) return 0;
    if (scalar >= 0xD800 && scalar <= 0xDFFF) return 0;
    return length;
}

static void write_string(json_writer *w, const char *text, size_t length) {
    const unsigned char *s = (const unsigned char *)text;
    add_char(w, '"');
    size_t run = 0;
    for (size_t i = 0; i < length;) {
        unsigned char c = s[i];
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
            i++;
            continue;
        }
        add_bytes(w, text + run, i - run);
        if (c >= 0x80) {
            size_t n = utf8_length(s + i, length - i);
            if (n == 0) {
                char message[96];
                snprintf(message, sizeof message, "a string that is not UTF-8 (byte %zu is 0x%02X)", i + 1, c);
                writer_error(w, message);
            }
            add_bytes(w, text + i, n);
            i += n;
        } else {
            char escape[8];
            switch (c) {
            case '"': add_bytes(w, "\\\"", 2); break;
            case '\\': add_bytes(w, "\\\\", 2); break;
            case '\n': add_bytes(w, "\\n", 2); break;
            case '\r': add_bytes(w, "\\r", 2); break;
            case '\t': add_bytes(w, "\\t", 2); break;
            case '\b': add_bytes(w, "\\b", 2); break;
            case '\f': add_bytes(w, "\\f", 2); break;
            default:
                snprintf(escape, sizeof escape, "\\u%04x", c);
                add_bytes(w, escape, 6);
            }
            i++;
        }
        run = i;
    }
    add_bytes(w, text + run, length - run);
    add_char(w, '"');
    writer_charge(w, length + 2);
}

static void write_number(json_writer *w, int index) {
    char text[64];
    int length;
    if (lua_isinteger(w->L, index)) {
        length = snprintf(text, sizeof text, "%lld", (long long)lua_tointeger(w->L, index));
    } else {
        lua_Number value = lua_tonumber(w->L, index);
        if (isnan(value) || isinf(value)) {
            writer_error(w, "NaN and infinities have no JSON form");
        }
        /* The shortest of 15 or 17 digits that reads back as the same number. */
        length = snprintf(text, sizeof text, "%.15g", (double)value);
        if (strtod(text, NULL) != (double)value) length = snprintf(text, sizeof text, "%.17g", (double)value);
        /* Written in C's locale whatever the process's: the decimal point is a point. */
        for (int i = 0; i < length; i++) {
            if (text[i] == ',') text[i] = '.';
        }
        /* A float stays a float when read back: 1.0, not 1. */
        if (strpbrk(text, ".eEn") == NULL && length + 2 < (int)sizeof text) {
            text[length++] = '.';
            text[length++] = '0';
            text[length] = '\0';
        }
    }
    add_bytes(w, text, (size_t)length);
    writer_charge(w, (size_t)length);
}

static void write_value(json_writer *w, int index);

/// What the table at `index` is written as: 1 an array of `*count` items (1..n, with no
/// other key), 0 an object of `*count` string keys; raises for any other mix.
static int table_shape(json_writer *w, int index, lua_Integer *count) {
    lua_State *L = w->L;
    lua_Integer integers = 0;
    lua_Integer largest = 0;
    size_t strings = 0;
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TSTRING) {
            strings++;
        } else if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1) {
            integers++;
            if (lua_tointeger(L, -1) > largest) largest = lua_tointeger(L, -1);
        } else {
            lua_pop(L, 1);
            return writer_error(w, "a table key that is neither a string nor a positive integer");
        }
    }
    if (integers > 0 && strings > 0) {
        writer_error(w, "a table with both array items and named fields");
    }
    if (integers != largest) {
        writer_error(w, "an array with holes (write ui.json.null where an item is missing)");
    }
    *count = strings > 0 ? (lua_Integer)strings : integers;
    if (strings > 0) return 0;
    if (integers > 0) return 1;
    /* Empty: an object when marked as one (ui.json.object, or read as {}), else an array. */
    if (lua_getmetatable(L, index)) {
        int marked = lua_rawequal(L, -1, JSON_OBJECT);
        lua_pop(L, 1);
        if (marked) return 0;
    }
    return 1;
}

/// Compares two keys (strings on the stack) for sorting.
static int key_less(lua_State *L, int a, int b) {
    size_t la, lb;
    const char *sa = lua_tolstring(L, a, &la);
    const char *sb = lua_tolstring(L, b, &lb);
    int order = memcmp(sa, sb, la < lb ? la : lb);
    return order < 0 || (order == 0 && la < lb);
}

/// Sorts the array of strings at `index` (n items), the keys of one object, so that the
/// output does not depend on the table's layout: a merge sort through a second array,
/// O(n log n) however large the object.
static void sort_keys(lua_State *L, int index, lua_Integer n) {
    luaL_checkstack(L, 4, "ui.json.encode: too deep");
    lua_createtable(L, (int)(n < 1 << 20 ? n : 1 << 20), 0);
    int scratch = lua_gettop(L);
    int from = index;
    int to = scratch;
    for (lua_Integer width = 1; width < n; width *= 2) {
        for (lua_Integer low = 1; low <= n; low += 2 * width) {
            lua_Integer middle = low + width < n + 1 ? low + width : n + 1;
            lua_Integer high = low + 2 * width < n + 1 ? low + 2 * width : n + 1;
            lua_Integer i = low;
            lua_Integer j = middle;
            for (lua_Integer k = low; k < high; k++) {
                int take_right = 0;
                if (i >= middle) {
                    take_right = 1;
                } else if (j < high) {
                    lua_rawgeti(L, from, i);
                    lua_rawgeti(L, from, j);
                    take_right = key_less(L, -1, -2);
                    lua_pop(L, 2);
                }
                lua_rawgeti(L, from, take_right ? j++ : i++);
                lua_rawseti(L, to, k);
            }
        }
        int swap = from;
        from = to;
        to = swap;
    }
    if (from != index) {
        for (lua_Integer k = 1; k <= n; k++) {
            lua_rawgeti(L, from, k);
            lua_rawseti(L, index, k);
        }
    }
    lua_settop(L, scratch - 1);
}

static void write_table(json_writer *w, int index) {
    lua_State *L = w->L;
    if (w->depth >= JSON_MAX_DEPTH) {
        char message[96];
        snprintf(message, sizeof message, "tables nested deeper than %d levels", JSON_MAX_DEPTH);
        writer_error(w, message);
    }
    luaL_checkstack(L, 8, "ui.json.encode: too deep");
    lua_pushvalue(L, index);
    if (lua_rawget(L, w->visiting) != LUA_TNIL) {
        writer_error(w, "a table that contains itself");
    }
    lua_pop(L, 1);
    lua_pushvalue(L, index);
    lua_pushboolean(L, 1);
    lua_rawset(L, w->visiting);

    lua_Integer count = 0;
    int is_array = table_shape(w, index, &count);
    w->depth++;
    if (is_array) {
        add_char(w, '[');
        for (lua_Integer i = 1; i <= count; i++) {
            if (i > 1) add_char(w, ',');
            write_newline(w);
            size_t saved = path_push(w, NULL, 0, i);
            lua_rawgeti(L, index, i);
            write_value(w, lua_gettop(L));
            lua_pop(L, 1);
            path_pop(w, saved);
        }
        w->depth--;
        if (count > 0) write_newline(w);
        add_char(w, ']');
    } else {
        /* The keys, sorted. */
        lua_createtable(L, (int)(count < 1 << 20 ? count : 1 << 20), 0);
        int keys = lua_gettop(L);
        lua_Integer n = 0;
        lua_pushnil(L);
        while (lua_next(L, index) != 0) {
            lua_pop(L, 1);
            lua_pushvalue(L, -1);
            lua_rawseti(L, keys, ++n);
        }
        sort_keys(L, keys, n);
        add_char(w, '{');
        for (lua_Integer i = 1; i <= n; i++) {
            if (i > 1) add_char(w, ',');
            write_newline(w);
            lua_rawgeti(L, keys, i);
            size_t length;
            const char *name = lua_tolstring(L, -1, &length);
            write_string(w, name, length);
            add_bytes(w, w->pretty ? ": " : ":", w->pretty ? 2 : 1);
            size_t saved = path_push(w, name, length, 0);
            lua_rawget(L, index);
            write_value(w, lua_gettop(L));
            lua_pop(L, 1);
            path_pop(w, saved);
        }
        lua_pop(L, 1); /* keys */
        w->depth--;
        if (n > 0) write_newline(w);
        add_char(w, '}');
    }
    lua_pushvalue(L, index);
    lua_pushnil(L);
    lua_rawset(L, w->visiting);
}

static void write_value(json_writer *w, int index) {
    lua_State *L = w->L;
    switch (lua_type(L, index)) {
    case LUA_TNIL: add_bytes(w, "null", 4); break;
    case LUA_TBOOLEAN:
        if (lua_toboolean(L, index)) {
            add_bytes(w, "true", 4);
        } else {
            add_bytes(w, "false", 5);
        }
        break;
    case LUA_TNUMBER: write_number(w, index); break;
    case LUA_TSTRING: {
        size_t length;
        const char *text = lua_tolstring(L, index, &length);
        write_string(w, text, length);
        break;
    }
    case LUA_TTABLE: write_table(w, index); break;
    default:
        if (lua_rawequal(L, index, JSON_NULL)) {
            add_bytes(w, "null", 4);
            break;
        }
        {
            char message[96];
            snprintf(message, sizeof message, "a %s has no JSON form", luaL_typename(L, index));
            writer_error(w, message);
        }
    }
    writer_charge(w, 4);
}

/// `ui.json.encode(value[, { pretty = true }])` → the JSON text of `value`.
static int json_encode(lua_State *L) {
    luaL_checkany(L, 1);
    int pretty = 0;
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_getfield(L, 2, "pretty");
        pretty = lua_toboolean(L, -1);
        lua_pop(L, 1);
    } else if (!lua_isnoneornil(L, 2)) {
        return luaL_error(L, "ui.json.encode: expected the options as a table, got %s", luaL_typename(L, 2));
    }
    lua_settop(L, 1);
    lua_newtable(L); /* 2: the tables being written */
    json_writer w;
    w.L = L;
    w.capacity = 256;
    w.length = 0;
    w.data = (char *)lua_newuserdatauv(L, w.capacity, 0); /* 3: the text */
    w.slot = 3;
    w.pretty = pretty;
    w.depth = 0;
    w.visiting = 2;
    w.uncharged = 0;
    w.path[0] = '\0';
    w.path_length = 0;
    write_value(&w, 1);
    lua_pushlstring(L, w.data, w.length);
    theolua_charge(L, (long long)(w.uncharged / JSON_BYTES_PER_STEP));
    return 1;
}

/* ---- ui.json.null and ui.json.object ---- */

static int json_null_tostring(lua_State *L) {
    lua_pushliteral(L, "null");
    return 1;
}

/// `ui.json.object(t)` → `t`, marked to be written as an object even when empty.
static int json_object(lua_State *L) {
    if (lua_isnoneornil(L, 1)) {
        lua_settop(L, 0);
        lua_newtable(L);
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    if (lua_getmetatable(L, 1)) {
        int marked = lua_rawequal(L, -1, lua_upvalueindex(1));
        lua_pop(L, 1);
        if (!marked) return luaL_error(L, "ui.json.object: the table has a metatable already");
        return 1;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, 1);
    return 1;
}

void theolua_install_json(lua_State *L) {
    int table = lua_gettop(L);
    /* ui.json.null: a userdata of its own, equal only to itself, shown as "null". */
    lua_newuserdatauv(L, 0, 0);
    lua_createtable(L, 0, 3);
    lua_pushcfunction(L, json_null_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushliteral(L, "json.null");
    lua_setfield(L, -2, "__name");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    int null = lua_gettop(L);
    /* The metatable that marks a table as an object, protected like the null's: a
       script that could reach it could give every table made with it a finalizer. */
    lua_createtable(L, 0, 2);
    lua_pushliteral(L, "json.object");
    lua_setfield(L, -2, "__name");
    lua_pushliteral(L, "json.object");
    lua_setfield(L, -2, "__metatable");
    int object = lua_gettop(L);

    lua_pushvalue(L, null);
    lua_setfield(L, table, "null");
    lua_pushvalue(L, null);
    lua_pushvalue(L, object);
    lua_pushcclosure(L, json_decode, 2);
    lua_setfield(L, table, "decode");
    lua_pushvalue(L, null);
    lua_pushvalue(L, object);
    lua_pushcclosure(L, json_encode, 2);
    lua_setfield(L, table, "encode");
    lua_pushvalue(L, object);
    lua_pushcclosure(L, json_object, 1);
    lua_setfield(L, table, "object");
    lua_settop(L, table);
}
