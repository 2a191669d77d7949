/* Lua 5.4's pattern functions (string.find, match, gmatch, gsub), written for theolua so
   that matching can be stopped by the call's limits.

   The stock functions backtrack in C, where the count hook never runs: a pattern such as
   ".-.-.-.-b" against a few thousand characters hangs the host. This matcher follows the
   reference manual's semantics (§6.4, §6.4.1) step for step, including which malformed
   pattern items are reported (an item is only read when matching reaches it) and the
   limit of 200 nested matcher calls, and counts every step it takes. Every chunk of
   steps looks whether the call is past its time limit (or, when instructions are
   counted, is charged to `theolua_support.remaining`), so a hang becomes the limit's
   ordinary error. */

#include "theolua_support.h"

#include <ctype.h>
#include <lauxlib.h>
#include <limits.h>
#include <string.h>

/// The most captures a pattern may open, as in stock Lua.
#define PATTERN_MAX_CAPTURES 32
/// The most nested matcher calls, as in stock Lua: bounds the C stack a pattern can use.
#define PATTERN_MAX_DEPTH 200
/// Steps taken from the budget at a time: keeps the per-step cost to a decrement.
#define METER_CHUNK 1000
/// Bytes compared by memcmp that cost one step (back-references, plain search).
#define METER_BYTES_PER_STEP 32

/// A capture's length while its `(` has no `)` yet.
#define CAPTURE_OPEN (-1)
/// The length of a position capture `()`.
#define CAPTURE_POSITION (-2)

typedef struct pattern_capture {
    const char *start;
    ptrdiff_t length; /* or CAPTURE_OPEN, CAPTURE_POSITION */
} pattern_capture;

/// One match attempt's state: the subject, the pattern, the captures so far, and the
/// steps still paid for.
typedef struct matcher {
    lua_State *L;
    const char *subject;
    const char *subject_end;
    const char *pattern;
    const char *pattern_end;
    /// Nested calls of `match_here` still allowed.
    int depth_left;
    /// Captures opened so far.
    int level;
    /// Steps already taken from the budget and not yet used.
    long long fuel;
    /// The budget to charge, or NULL when there is none.
    theolua_support *meter;
    pattern_capture captures[PATTERN_MAX_CAPTURES];
} matcher;

/* ---- Charging the budget ---- */

/// Starts charging `m`'s steps to the budget of `L`, if it has one. An exceeded budget
/// stays exceeded until the host arms a new one, as at the trampoline.
static void meter_begin(matcher *m, lua_State *L) {
    theolua_support *support = theolua_getsupport(L);
    m->L = L;
    m->fuel = 0;
    m->meter = support;
    if (m->meter != NULL && !theolua_try_charge(support, 0)) {
        theolua_raise_budget_exceeded(L);
    }
}

/// Pays for `units` steps when the fuel on hand is not enough: takes them and a new
/// chunk from the budget, or raises the budget error when it cannot.
static void meter_refuel(matcher *m, long long units) {
    theolua_support *support = m->meter;
    if (support == NULL) {
        m->fuel = LLONG_MAX / 2; /* no limits: never comes back here in practice */
        return;
    }
    if (support->budget <= 0) {
        /* Instructions not counted: every chunk of steps is a point where a call past
           its time limit stops. */
        if (!theolua_try_charge(support, 0)) {
            theolua_raise_budget_exceeded(m->L);
        }
        m->fuel = units > METER_CHUNK ? units : METER_CHUNK;
        m->fuel -= units;
        return;
    }
    units -= m->fuel;
    m->fuel = 0;
    if (units > support->remaining) {
        support->remaining = 0;
        theolua_raise_budget_exceeded(m->L);
    }
    support->remaining -= units;
    long long take = support->remaining < METER_CHUNK ? support->remaining : METER_CHUNK;
    support->remaining -= take;
    m->fuel = take;
}

static inline void meter_spend(matcher *m, long long units) {
    if (units <= m->fuel) {
        m->fuel -= units;
    } else {
        meter_refuel(m, units);
    }
}

#define METER_STEP(m) meter_spend((m), 1)

/// Gives the unused fuel back, before Lua code runs or when the call ends.
static void meter_settle(matcher *m) {
    if (m->meter != NULL && m->meter->budget > 0) {
        m->meter->remaining += m->fuel;
    }
    m->fuel = 0;
}

/* ---- Single characters, classes and sets ---- */

/// Whether `c` is in the class `%letter`; a non-letter stands for itself.
static int class_matches(unsigned char c, unsigned char letter) {
    int in;
    switch (tolower(letter)) {
    case 'a': in = isalpha(c); break;
    case 'c': in = iscntrl(c); break;
    case 'd': in = isdigit(c); break;
    case 'g': in = isgraph(c); break;
    case 'l': in = islower(c); break;
    case 'p': in = ispunct(c); break;
    case 's': in = isspace(c); break;
    case 'u': in = isupper(c); break;
    case 'w': in = isalnum(c); break;
    case 'x': in = isxdigit(c); break;
    case 'z': in = (c == 0); break; /* deprecated, still accepted by Lua 5.4 */
    default: return letter == c;
    }
    /* An upper-case letter is the complement of its class. */
    if (isupper(letter)) {
        in = !in;
    }
    return in != 0;
}

/// Whether `c` is in the set `[...]` from `open` (its `[`) to `close` (its `]`).
static int set_matches(unsigned char c, const char *open, const char *close) {
    const char *p = open + 1;
    int found = 1;
    if (*p == '^') {
        found = 0;
        p++;
    }
    for (; p < close; p++) {
        if (*p == '%') {
            p++;
            if (class_matches(c, (unsigned char)*p)) return found;
        } else if (p[1] == '-' && p + 2 < close) {
            if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return found;
            p += 2;
        } else if ((unsigned char)*p == c) {
            return found;
        }
    }
    return !found;
}

/// The end of the single-character item at `p` (`x`, `.`, `%x` or `[set]`): where its
/// quantifier, if any, is. Raises on a malformed item.
static const char *item_end(matcher *m, const char *p) {
    char c = *p++;
    if (c == '%') {
        if (p == m->pattern_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        if (*p == '^') p++;
        /* The set's first character belongs to it even when it is ']'. The pattern is a
           Lua string, so reading at pattern_end finds its terminating zero. */
        do {
            if (p == m->pattern_end) luaL_error(m->L, "malformed pattern (missing ']')");
            c = *p++;
            if (c == '%' && p < m->pattern_end) p++;
        } while (*p != ']');
        return p + 1;
    }
    return p;
}

/// Whether the item from `p` to `end` matches the subject's character at `s`.
static int item_matches(const matcher *m, const char *s, const char *p, const char *end) {
    if (s >= m->subject_end) return 0;
    unsigned char c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case '%': return class_matches(c, (unsigned char)p[1]);
    case '[': return set_matches(c, p, end - 1);
    default: return (unsigned char)*p == c;
    }
}

/* ---- The matcher ---- */

static const char *match_here(matcher *m, const char *s, const char *p);

/// `item*` (or the rest of `item+`): as many as possible, then fewer until the rest matches.
static const char *match_greedy(matcher *m, const char *s, const char *p, const char *end) {
    ptrdiff_t count = 0;
    while (item_matches(m, s + count, p, end)) {
        METER_STEP(m);
        count++;
    }
    for (; count >= 0; count--) {
        const char *rest = match_here(m, s + count, end + 1);
        if (rest != NULL) return rest;
    }
    return NULL;
}

/// `item-`: as few as possible, one more each time the rest fails.
static const char *match_lazy(matcher *m, const char *s, const char *p, const char *end) {
    for (;;) {
        const char *rest = match_here(m, s, end + 1);
        if (rest != NULL) return rest;
        if (!item_matches(m, s, p, end)) return NULL;
        s++;
    }
}

/// `(`: opens capture `kind` (CAPTURE_OPEN or CAPTURE_POSITION) at `s`, matches the rest.
static const char *open_capture(matcher *m, const char *s, const char *p, ptrdiff_t kind) {
    if (m->level >= PATTERN_MAX_CAPTURES) luaL_error(m->L, "too many captures");
    m->captures[m->level].start = s;
    m->captures[m->level].length = kind;
    m->level++;
    const char *rest = match_here(m, s, p);
    if (rest == NULL) m->level--;
    return rest;
}

/// `)`: closes the innermost open capture at `s`, matches the rest.
static const char *close_capture(matcher *m, const char *s, const char *p) {
    int index = m->level - 1;
    while (index >= 0 && m->captures[index].length != CAPTURE_OPEN) index--;
    if (index < 0) luaL_error(m->L, "invalid pattern capture");
    m->captures[index].length = s - m->captures[index].start;
    const char *rest = match_here(m, s, p);
    if (rest == NULL) m->captures[index].length = CAPTURE_OPEN;
    return rest;
}

/// `%bxy` with `p` at `x`: from an `x` at `s` to its balancing `y`.
static const char *match_balance(matcher *m, const char *s, const char *p) {
    if (p + 1 >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->subject_end || *s != p[0]) return NULL;
    char open = p[0], close = p[1];
    int depth = 1;
    while (++s < m->subject_end) {
        METER_STEP(m);
        if (*s == close) {
            if (--depth == 0) return s + 1;
        } else if (*s == open) {
            depth++;
        }
    }
    return NULL;
}

/// `%1`…`%9`: the text of an earlier, closed capture, again at `s`.
static const char *match_back_reference(matcher *m, const char *s, char digit) {
    int index = digit - '1';
    if (index < 0 || index >= m->level || m->captures[index].length == CAPTURE_OPEN) {
        luaL_error(m->L, "invalid capture index %%%d", index + 1);
    }
    ptrdiff_t length = m->captures[index].length;
    /* A position capture has no text: it never matches. */
    if (length < 0 || m->subject_end - s < length) return NULL;
    meter_spend(m, 1 + length / METER_BYTES_PER_STEP);
    if (memcmp(m->captures[index].start, s, (size_t)length) != 0) return NULL;
    return s + length;
}

/// Matches the pattern from `p` at `s`: the end of the match, or NULL. Each call is one
/// level of the depth limit; single items without a quantifier loop instead of nesting.
static const char *match_here(matcher *m, const char *s, const char *p) {
    if (m->depth_left-- == 0) luaL_error(m->L, "pattern too complex");
    for (;;) {
        METER_STEP(m);
        if (p == m->pattern_end) break;
        if (*p == '(') {
            s = (p[1] == ')') ? open_capture(m, s, p + 2, CAPTURE_POSITION) : open_capture(m, s, p + 1, CAPTURE_OPEN);
            break;
        }
        if (*p == ')') {
            s = close_capture(m, s, p + 1);
            break;
        }
        if (*p == '$' && p + 1 == m->pattern_end) {
            if (s != m->subject_end) s = NULL;
            break;
        }
        if (*p == '%') {
            char next = p[1];
            if (next == 'b') {
                s = match_balance(m, s, p + 2);
                if (s == NULL) break;
                p += 4;
                continue;
            }
            if (next == 'f') {
                p += 2;
                if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
                const char *end = item_end(m, p);
                unsigned char before = (s == m->subject) ? 0 : (unsigned char)s[-1];
                unsigned char after = (s < m->subject_end) ? (unsigned char)*s : 0;
                if (!set_matches(before, p, end - 1) && set_matches(after, p, end - 1)) {
                    p = end;
                    continue;
                }
                s = NULL;
                break;
            }
            if (next >= '0' && next <= '9') {
                s = match_back_reference(m, s, next);
                if (s == NULL) break;
                p += 2;
                continue;
            }
        }
        /* A single-character item, maybe with a quantifier. */
        const char *end = item_end(m, p);
        char quantifier = *end; /* the pattern's terminating zero when at its end */
        if (!item_matches(m, s, p, end)) {
            if (quantifier == '*' || quantifier == '?' || quantifier == '-') {
                p = end + 1; /* zero occurrences */
                continue;
            }
            s = NULL;
            break;
        }
        if (quantifier == '?') {
            const char *rest = match_here(m, s + 1, end + 1);
            if (rest != NULL) {
                s = rest;
                break;
            }
            p = end + 1;
            continue;
        }
        if (quantifier == '+') {
            s = match_greedy(m, s + 1, p, end);
            break;
        }
        if (quantifier == '*') {
            s = match_greedy(m, s, p, end);
            break;
        }
        if (quantifier == '-') {
            s = match_lazy(m, s, p, end);
            break;
        }
        s++;
        p = end;
    }
    m->depth_left++;
    return s;
}

/// Prepares `m` for `subject` and `pattern` (without a leading `^` already skipped).
static void matcher_init(matcher *m, lua_State *L, const char *subject, size_t length, const char *pattern,
                         size_t pattern_length) {
    m->L = L;
    m->subject = subject;
    m->subject_end = subject + length;
    m->pattern = pattern;
    m->pattern_end = pattern + pattern_length;
    m->level = 0;
    m->depth_left = PATTERN_MAX_DEPTH;
    m->fuel = 0;
    m->meter = NULL;
}

/// One attempt at `s`: the end of the match, or NULL.
static const char *match_at(matcher *m, const char *s) {
    m->level = 0;
    m->depth_left = PATTERN_MAX_DEPTH;
    return match_here(m, s, m->pattern);
}

/* ---- Captures as Lua values ---- */

/// Capture `index` of the match from `s` to `e`: its text in `*text` and its length, or
/// CAPTURE_POSITION after pushing the position. With no captures, index 0 is the whole
/// match.
static ptrdiff_t capture_text(matcher *m, int index, const char *s, const char *e, const char **text) {
    if (index >= m->level) {
        if (index != 0) luaL_error(m->L, "invalid capture index %%%d", index + 1);
        *text = s;
        return e - s;
    }
    pattern_capture capture = m->captures[index];
    if (capture.length == CAPTURE_OPEN) luaL_error(m->L, "unfinished capture");
    *text = capture.start;
    if (capture.length == CAPTURE_POSITION) {
        lua_pushinteger(m->L, (lua_Integer)(capture.start - m->subject) + 1);
    }
    return capture.length;
}

/// Pushes capture `index`: a string, or an integer for a position capture.
static void push_capture(matcher *m, int index, const char *s, const char *e) {
    const char *text;
    ptrdiff_t length = capture_text(m, index, s, e, &text);
    if (length != CAPTURE_POSITION) lua_pushlstring(m->L, text, (size_t)length);
}

/// Pushes every capture, or the whole match (when `s` is not NULL) if there are none.
/// Returns how many values it pushed.
static int push_captures(matcher *m, const char *s, const char *e) {
    int count = (m->level == 0 && s != NULL) ? 1 : m->level;
    luaL_checkstack(m->L, count, "too many captures");
    for (int i = 0; i < count; i++) push_capture(m, i, s, e);
    return count;
}

/* ---- Arguments ---- */

/// A 1-based start position, negative counting from the end, clamped below at 1.
static size_t start_position(lua_Integer position, size_t length) {
    if (position > 0) return (size_t)position;
    if (position == 0) return 1;
    if (position < -(lua_Integer)length) return 1;
    return length + (size_t)position + 1;
}

/// Whether the pattern has none of the characters that make it more than plain text.
static int is_plain_text(const char *pattern, size_t length) {
    static const char specials[] = "^$*+?.([%-";
    for (size_t i = 0; i < length; i++) {
        if (memchr(specials, pattern[i], sizeof(specials) - 1) != NULL) return 0;
    }
    return 1;
}

/// The first occurrence of `needle` in `haystack`, or NULL; charged to `m`.
static const char *find_plain(matcher *m, const char *haystack, size_t length, const char *needle,
                              size_t needle_length) {
    if (needle_length == 0) return haystack;
    if (needle_length > length) return NULL;
    const char *last = haystack + (length - needle_length); /* the last possible start */
    long long cost = 1 + (long long)(needle_length / METER_BYTES_PER_STEP);
    const char *at = haystack;
    while (at <= last) {
        const char *candidate = memchr(at, needle[0], (size_t)(last - at) + 1);
        if (candidate == NULL) return NULL;
        meter_spend(m, cost);
        if (memcmp(candidate + 1, needle + 1, needle_length - 1) == 0) return candidate;
        at = candidate + 1;
    }
    return NULL;
}

/* ---- string.find and string.match ---- */

static int find_or_match(lua_State *L, int is_find) {
    size_t length, pattern_length;
    const char *subject = luaL_checklstring(L, 1, &length);
    const char *pattern = luaL_checklstring(L, 2, &pattern_length);
    size_t init = start_position(luaL_optinteger(L, 3, 1), length) - 1;
    if (init > length) {
        luaL_pushfail(L);
        return 1;
    }
    matcher m;
    matcher_init(&m, L, subject, length, pattern, pattern_length);
    meter_begin(&m, L);
    if (is_find && (lua_toboolean(L, 4) || is_plain_text(pattern, pattern_length))) {
        const char *found = find_plain(&m, subject + init, length - init, pattern, pattern_length);
        meter_settle(&m);
        if (found == NULL) {
            luaL_pushfail(L);
            return 1;
        }
        lua_pushinteger(L, (lua_Integer)(found - subject) + 1);
        lua_pushinteger(L, (lua_Integer)(found - subject + pattern_length));
        return 2;
    }
    int anchored = pattern_length > 0 && pattern[0] == '^';
    if (anchored) m.pattern++;
    const char *start = subject + init;
    do {
        const char *end = match_at(&m, start);
        if (end != NULL) {
            meter_settle(&m);
            if (is_find) {
                lua_pushinteger(L, (lua_Integer)(start - subject) + 1);
                lua_pushinteger(L, (lua_Integer)(end - subject));
                return 2 + push_captures(&m, NULL, NULL);
            }
            return push_captures(&m, start, end);
        }
    } while (start++ < m.subject_end && !anchored);
    meter_settle(&m);
    luaL_pushfail(L);
    return 1;
}

int theolua_string_find(lua_State *L) {
    return find_or_match(L, 1);
}

int theolua_string_match(lua_State *L) {
    return find_or_match(L, 0);
}

/* ---- string.gmatch ---- */

/// The iterator's state, kept in a userdata next to the subject and the pattern.
typedef struct gmatch_state {
    /// Where the next search starts.
    const char *next;
    /// The end of the last match, so an empty match right there is skipped.
    const char *last_match;
    matcher m;
} gmatch_state;

static int gmatch_step(lua_State *L) {
    gmatch_state *state = (gmatch_state *)lua_touserdata(L, lua_upvalueindex(3));
    matcher *m = &state->m;
    meter_begin(m, L); /* the iterator may run on another coroutine than gmatch did */
    for (const char *start = state->next; start <= m->subject_end; start++) {
        const char *end = match_at(m, start);
        if (end != NULL && end != state->last_match) {
            state->next = state->last_match = end;
            meter_settle(m);
            return push_captures(m, start, end);
        }
    }
    meter_settle(m);
    return 0;
}

int theolua_string_gmatch(lua_State *L) {
    size_t length, pattern_length;
    const char *subject = luaL_checklstring(L, 1, &length);
    const char *pattern = luaL_checklstring(L, 2, &pattern_length);
    size_t init = start_position(luaL_optinteger(L, 3, 1), length) - 1;
    if (init > length) init = length + 1; /* past the end: no match at all */
    lua_settop(L, 2); /* the upvalues keep the subject and the pattern alive */
    gmatch_state *state = (gmatch_state *)lua_newuserdatauv(L, sizeof(gmatch_state), 0);
    /* A caret is no anchor here: it would stop the iteration. It matches itself. */
    matcher_init(&state->m, L, subject, length, pattern, pattern_length);
    state->next = subject + init;
    state->last_match = NULL;
    lua_pushcclosure(L, gmatch_step, 3);
    return 1;
}

/* ---- string.gsub ---- */

/// Appends the replacement string (argument 3) for the match from `s` to `e`, with
/// `%0`-`%9` and `%%` expanded.
static void add_replacement_string(matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = m->L;
    size_t length;
    const char *text = lua_tolstring(L, 3, &length);
    const char *percent;
    while ((percent = memchr(text, '%', length)) != NULL) {
        luaL_addlstring(b, text, (size_t)(percent - text));
        char code = percent[1]; /* the terminating zero when '%' is last */
        if (code == '%') {
            luaL_addchar(b, '%');
        } else if (code == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (code >= '1' && code <= '9') {
            const char *capture;
            ptrdiff_t capture_length = capture_text(m, code - '1', s, e, &capture);
            if (capture_length == CAPTURE_POSITION) {
                luaL_addvalue(b); /* the position capture_text pushed */
            } else {
                luaL_addlstring(b, capture, (size_t)capture_length);
            }
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", '%');
        }
        length -= (size_t)(percent + 2 - text);
        text = percent + 2;
    }
    luaL_addlstring(b, text, length);
}

/// Appends the replacement for the match from `s` to `e`. Returns whether it replaced
/// the match: a false or nil value from a table or function keeps the original text.
static int add_replacement(matcher *m, luaL_Buffer *b, const char *s, const char *e, int type) {
    lua_State *L = m->L;
    if (type == LUA_TFUNCTION) {
        meter_settle(m); /* the function runs under the count hook */
        lua_pushvalue(L, 3);
        int count = push_captures(m, s, e);
        lua_call(L, count, 1);
    } else if (type == LUA_TTABLE) {
        meter_settle(m); /* an __index metamethod may run */
        push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_replacement_string(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) {
        return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    }
    luaL_addvalue(b);
    return 1;
}

int theolua_string_gsub(lua_State *L) {
    size_t length, pattern_length;
    const char *subject = luaL_checklstring(L, 1, &length);
    const char *pattern = luaL_checklstring(L, 2, &pattern_length);
    int type = lua_type(L, 3);
    lua_Integer limit = luaL_optinteger(L, 4, (lua_Integer)length + 1);
    luaL_argexpected(L, type == LUA_TNUMBER || type == LUA_TSTRING || type == LUA_TFUNCTION || type == LUA_TTABLE,
                     3, "string/function/table");
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    matcher m;
    matcher_init(&m, L, subject, length, pattern, pattern_length);
    int anchored = pattern_length > 0 && pattern[0] == '^';
    if (anchored) m.pattern++;
    meter_begin(&m, L);
    const char *at = subject;
    const char *last_match = NULL;
    lua_Integer count = 0;
    int changed = 0;
    while (count < limit) {
        const char *end = match_at(&m, at);
        if (end != NULL && end != last_match) {
            count++;
            changed = add_replacement(&m, &b, at, end, type) | changed;
            at = last_match = end;
        } else if (at < m.subject_end) {
            luaL_addchar(&b, *at++);
        } else {
            break;
        }
        if (anchored) break;
    }
    meter_settle(&m);
    if (!changed) {
        lua_pushvalue(L, 1); /* the subject, unchanged */
    } else {
        luaL_addlstring(&b, at, (size_t)(m.subject_end - at));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, count);
    return 2;
}

/* ---- Installing ---- */

void theolua_install_patterns(lua_State *L) {
    int table = lua_gettop(L);
    lua_pushcfunction(L, theolua_string_find);
    lua_setfield(L, table, "find");
    lua_pushcfunction(L, theolua_string_match);
    lua_setfield(L, table, "match");
    lua_pushcfunction(L, theolua_string_gmatch);
    lua_setfield(L, table, "gmatch");
    lua_pushcfunction(L, theolua_string_gsub);
    lua_setfield(L, table, "gsub");
}
