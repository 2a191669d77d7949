#include "theolua_support.h"

#include <lauxlib.h>
#include <string.h>

/* Loading text chunks, with two bounds Lua's parser lacks.

   - Chains of suffixes. To name a value in an error message (or a function in a
     traceback), Lua up to 5.4.6 follows the instructions that made it recursively, one
     level per field, index or method of an unbroken chain of them: a chunk holding
     `t.f.f.f…` a hundred thousand times overflows the C stack when the value is named
     (fixed upstream by 7923dbbf). A chunk with a chain longer than
     THEOLUA_MAX_SUFFIX_CHAIN is refused before it is parsed.
   - Size. Lua's parser counts the items of a table constructor in an int (fixed
     upstream by 267ef461 and 934fdd48): chunks of 1 GiB or more are refused. */

/// The longest chain of `.name`, `:name`, `[…]` and calls in one expression.
#define THEOLUA_MAX_SUFFIX_CHAIN 1000
/// How deeply brackets may nest for the scan; deeper nesting is left to Lua's parser,
/// which refuses far less (200 levels of C calls).
#define THEOLUA_MAX_SCAN_NESTING 1024
/// The largest chunk loaded.
#define THEOLUA_MAX_CHUNK ((size_t)1 << 30)

typedef struct {
    const char *text;
    size_t length;
    size_t at;
    long line;
} theolua_scanner;

static int theolua_peek(const theolua_scanner *s, size_t ahead) {
    return s->at + ahead < s->length ? (unsigned char)s->text[s->at + ahead] : -1;
}

static int theolua_is_name_start(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int theolua_is_name_char(int c) {
    return theolua_is_name_start(c) || (c >= '0' && c <= '9');
}

/* Steps over one character, counting lines as Lua does ("\n", "\r", "\r\n" and "\n\r"
   are one line break each). */
static void theolua_advance(theolua_scanner *s) {
    int c = theolua_peek(s, 0);
    s->at++;
    if (c == '\n' || c == '\r') {
        int next = theolua_peek(s, 0);
        if ((next == '\n' || next == '\r') && next != c) {
            s->at++;
        }
        s->line++;
    }
}

/* At `[`: the level of a long bracket `[==[` (the number of `=`), or -1. */
static long theolua_long_bracket_level(const theolua_scanner *s) {
    size_t ahead = 1;
    while (theolua_peek(s, ahead) == '=') {
        ahead++;
    }
    return theolua_peek(s, ahead) == '[' ? (long)(ahead - 1) : -1;
}

/* Skips a long string or comment from its opening bracket of `level`. */
static void theolua_skip_long(theolua_scanner *s, long level) {
    s->at += (size_t)level + 2;
    while (s->at < s->length) {
        if (theolua_peek(s, 0) == ']') {
            size_t ahead = 1;
            while (theolua_peek(s, ahead) == '=') {
                ahead++;
            }
            if ((long)(ahead - 1) == level && theolua_peek(s, ahead) == ']') {
                s->at += ahead + 1;
                return;
            }
            s->at++;
        } else {
            theolua_advance(s);
        }
    }
}

/* Skips a quoted string from its opening quote; an escape skips the character after it. */
static void theolua_skip_quoted(theolua_scanner *s) {
    int quote = theolua_peek(s, 0);
    s->at++;
    while (s->at < s->length) {
        int c = theolua_peek(s, 0);
        if (c == quote) {
            s->at++;
            return;
        }
        if (c == '\n' || c == '\r') {
            return; /* unfinished: Lua's parser reports it */
        }
        if (c == '\\') {
            s->at++;
        }
        if (s->at < s->length) {
            theolua_advance(s);
        }
    }
}

/* Skips blanks and comments. */
static void theolua_skip_space(theolua_scanner *s) {
    while (s->at < s->length) {
        int c = theolua_peek(s, 0);
        if (c == '-' && theolua_peek(s, 1) == '-') {
            s->at += 2;
            long level = theolua_peek(s, 0) == '[' ? theolua_long_bracket_level(s) : -1;
            if (level >= 0) {
                theolua_skip_long(s, level);
            } else {
                while (s->at < s->length && theolua_peek(s, 0) != '\n' && theolua_peek(s, 0) != '\r') {
                    s->at++;
                }
            }
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            theolua_advance(s);
        } else {
            return;
        }
    }
}

/* The line of the first suffix chain longer than the bound, or 0.

   A counter follows the chain of the expression being read: `.name`, `:name` and `[`
   add one; `(`, `[` and `{` push it, and their closer pops back to it, so an expression
   inside brackets (whose naming Lua may reach from the outer chain, as a key) counts on
   from there; any other token ends the chain, back to the innermost pushed value. Calls
   are counted though they end Lua's recursion: counting more is safe. */
long theolua_find_long_chain(const char *text, size_t length) {
    theolua_scanner s = {text, length, 0, 1};
    long saved[THEOLUA_MAX_SCAN_NESTING];
    int nesting = 0;
    long base = 0;
    long chain = 0;
    if (length > 0 && text[0] == '#') { /* a first line "#!…" is skipped, as Lua does */
        while (s.at < length && text[s.at] != '\n' && text[s.at] != '\r') {
            s.at++;
        }
    }
    for (;;) {
        theolua_skip_space(&s);
        if (s.at >= s.length) {
            return 0;
        }
        int c = theolua_peek(&s, 0);
        if (theolua_is_name_start(c)) {
            while (theolua_is_name_char(theolua_peek(&s, 0))) {
                s.at++;
            }
            chain = base;
            continue;
        }
        if (c >= '0' && c <= '9') {
            /* A numeral: digits, letters, dots and an exponent's sign, as Lua reads it. */
            while (s.at < s.length) {
                int d = theolua_peek(&s, 0);
                int previous = s.at > 0 ? (unsigned char)s.text[s.at - 1] : 0;
                if (theolua_is_name_char(d) || d == '.' ||
                    ((d == '+' || d == '-') && strchr("eEpP", previous) != NULL && previous != 0)) {
                    s.at++;
                } else {
                    break;
                }
            }
            chain = base;
            continue;
        }
        if (c == '"' || c == '\'') {
            theolua_skip_quoted(&s); /* neither starts nor ends a chain: `f "x"` is a call */
            continue;
        }
        long level = c == '[' ? theolua_long_bracket_level(&s) : -1;
        if (level >= 0) {
            theolua_skip_long(&s, level);
            continue;
        }
        if ((c == '.' && theolua_peek(&s, 1) != '.' && !(theolua_peek(&s, 1) >= '0' && theolua_peek(&s, 1) <= '9')) ||
            (c == ':' && theolua_peek(&s, 1) != ':')) {
            s.at++;
            chain++;
            theolua_skip_space(&s); /* the name after the dot or colon */
            while (theolua_is_name_char(theolua_peek(&s, 0))) {
                s.at++;
            }
        } else if (c == '[' || c == '(' || c == '{') {
            s.at++;
            if (c == '[') {
                chain++;
            }
            if (nesting == THEOLUA_MAX_SCAN_NESTING) {
                return 0; /* Lua's parser refuses this nesting itself */
            }
            saved[nesting++] = chain;
            base = chain;
        } else if (c == ']' || c == ')' || c == '}') {
            s.at++;
            if (nesting > 0) {
                chain = saved[--nesting];
                base = nesting > 0 ? saved[nesting - 1] : 0;
            } else {
                chain = base;
            }
        } else if (c == '.' && theolua_peek(&s, 1) >= '0' && theolua_peek(&s, 1) <= '9') {
            s.at++; /* a numeral such as .5 */
            while (theolua_is_name_char(theolua_peek(&s, 0)) || theolua_peek(&s, 0) == '.') {
                s.at++;
            }
            chain = base;
        } else {
            /* An operator or other punctuation (`..` and `::` among them). */
            s.at++;
            while (s.at < s.length && theolua_peek(&s, 0) == c && (c == '.' || c == ':' || c == '=' || c == '/')) {
                s.at++;
            }
            chain = base;
        }
        if (chain > THEOLUA_MAX_SUFFIX_CHAIN) {
            return s.line;
        }
    }
}

/* Pushes Lua's display form of a chunk name (luaO_chunkid's rules, shortened). */
static void theolua_push_chunk_id(lua_State *L, const char *chunkname) {
    if (*chunkname == '=' || *chunkname == '@') {
        lua_pushfstring(L, "%s", chunkname + 1);
        return;
    }
    size_t line = strcspn(chunkname, "\r\n");
    if (line > 40 || chunkname[line] != '\0') {
        lua_pushfstring(L, "[string \"%s...\"]",
                        lua_pushlstring(L, chunkname, line > 40 ? 40 : line));
        lua_remove(L, -2);
    } else {
        lua_pushfstring(L, "[string \"%s\"]", chunkname);
    }
}

/* Text given to the parser a piece at a time, so that the parse of a long chunk is a
   point where a call past its time limit stops: the text ends early there, and the
   caller finds the call stopped. */
typedef struct {
    const char *text;
    size_t left;
    theolua_support *support;
} theolua_chunk_reader;

#define THEOLUA_PARSE_PIECE ((size_t)1 << 20)

static const char *theolua_read_chunk(lua_State *L, void *data, size_t *size) {
    (void)L;
    theolua_chunk_reader *reader = data;
    if (reader->left == 0 || (reader->support != NULL && !theolua_try_charge(reader->support, 0))) {
        *size = 0;
        return NULL;
    }
    const char *piece = reader->text;
    *size = reader->left < THEOLUA_PARSE_PIECE ? reader->left : THEOLUA_PARSE_PIECE;
    reader->text += *size;
    reader->left -= *size;
    return piece;
}

int theolua_load_text(lua_State *L, const char *text, size_t length, const char *chunkname) {
    if (length >= THEOLUA_MAX_CHUNK) {
        theolua_push_chunk_id(L, chunkname);
        lua_pushliteral(L, ": chunk of 1 GiB or more");
        lua_concat(L, 2);
        return LUA_ERRSYNTAX;
    }
    long line = theolua_find_long_chain(text, length);
    if (line > 0) {
        theolua_push_chunk_id(L, chunkname);
        lua_pushfstring(L, ":%d: more than %d fields, indexes and calls in one chain", (int)line,
                        THEOLUA_MAX_SUFFIX_CHAIN);
        lua_concat(L, 2);
        return LUA_ERRSYNTAX;
    }
    if (length <= THEOLUA_PARSE_PIECE) {
        return luaL_loadbufferx(L, text, length, chunkname, "t");
    }
    theolua_chunk_reader reader = {text, length, theolua_getsupport(L)};
    return lua_load(L, theolua_read_chunk, &reader, chunkname, "t");
}
