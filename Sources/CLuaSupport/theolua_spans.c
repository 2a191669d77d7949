#include "theolua_support.h"

#include <lauxlib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Spans (`ui.span`) and the texts that hold them, read in C: a paragraph of styled runs
   is a few Lua tables, read in one pass into the text's bytes and where each run ends,
   with each run's look found among the looks read lately. Anything this code is not
   sure of (a field it does not know, a value of another type, a number it would format
   differently, a userdata, bytes that are not UTF-8) makes it give up, and the bridge
   reads the text again in Swift, which says exactly what is wrong, or accepts it. */

/* Whether `string` (`length` bytes) is a color: one of the schema's names (interned,
   so compared by address) or `#` and six hex digits. */
static int theolua_is_color(const theolua_span_schema *schema, const char *string, size_t length) {
    for (int i = 0; i < schema->color_count; i++) {
        if (schema->colors[i] == string) {
            return 1;
        }
    }
    if (length != 7 || string[0] != '#') {
        return 0;
    }
    for (size_t i = 1; i < 7; i++) {
        char c = string[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
            return 0;
        }
    }
    return 1;
}

/* Reads the value at the top of the stack as field `field` of a look into `slot`; 0
   when it is not plainly a value of the field's kind. */
static int theolua_read_slot(lua_State *L, const theolua_span_schema *schema, int field, theolua_look_slot *slot) {
    slot->field = (unsigned char)field;
    slot->string = NULL;
    slot->length = 0;
    slot->integer = 0;
    switch (schema->kinds[field]) {
    case THEOLUA_LOOK_BOOLEAN:
        if (lua_type(L, -1) != LUA_TBOOLEAN) {
            return 0;
        }
        slot->type = LUA_TBOOLEAN;
        slot->integer = lua_toboolean(L, -1);
        return 1;
    case THEOLUA_LOOK_COLOR:
        if (lua_type(L, -1) == LUA_TNUMBER) {
            int exact = 0;
            lua_Integer value = lua_tointegerx(L, -1, &exact);
            if (!exact || value < 0 || value > 255) {
                return 0;
            }
            slot->type = LUA_TNUMBER;
            slot->integer = value;
            return 1;
        }
        if (lua_type(L, -1) != LUA_TSTRING) {
            return 0;
        }
        slot->type = LUA_TSTRING;
        slot->string = lua_tolstring(L, -1, &slot->length);
        return theolua_is_color(schema, slot->string, slot->length);
    case THEOLUA_LOOK_STRING:
        if (lua_type(L, -1) != LUA_TSTRING) {
            return 0;
        }
        slot->type = LUA_TSTRING;
        slot->string = lua_tolstring(L, -1, &slot->length);
        return 1;
    default:
        return 0;
    }
}

/* Reads the named fields of the span table at `table` over `look` (what encloses it),
   and its item count: the largest positive integer key. 0 when a field is not one of
   the schema's, or not plainly of its kind (`key` is allowed and not read). */
static int theolua_read_look(
    lua_State *L, const theolua_span_schema *schema, int table, theolua_look *look, lua_Integer *count) {
    *count = 0;
    lua_pushnil(L);
    while (lua_next(L, table)) {
        int type = lua_type(L, -2);
        if (type == LUA_TNUMBER && lua_isinteger(L, -2)) {
            lua_Integer position = lua_tointeger(L, -2);
            if (position > *count) {
                *count = position;
            }
            lua_pop(L, 1);
            continue;
        }
        const char *name = type == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
        int field = -1;
        for (int i = 0; name != NULL && i < schema->field_count; i++) {
            if (schema->names[i] == name) {
                field = i;
                break;
            }
        }
        if (field < 0) {
            int isKey = name != NULL && name == schema->key_name &&
                        (lua_type(L, -1) == LUA_TSTRING || lua_isinteger(L, -1));
            lua_pop(L, isKey ? 1 : 2);
            if (!isKey) {
                return 0;
            }
            continue;
        }
        theolua_look_slot slot;
        if (!theolua_read_slot(L, schema, field, &slot)) {
            lua_pop(L, 2);
            return 0;
        }
        lua_pop(L, 1);
        int placed = 0;
        for (int i = 0; i < look->count; i++) {
            if (look->slots[i].field == slot.field) {
                look->slots[i] = slot;
                placed = 1;
                break;
            }
        }
        if (!placed) {
            if (look->count == THEOLUA_SPAN_FIELDS) {
                lua_pop(L, 1);
                return 0;
            }
            look->slots[look->count++] = slot;
        }
    }
    return 1;
}

/* Whether the table at `index` has the span metatable, `metatable`. */
static int theolua_is_span(lua_State *L, int index, const void *metatable) {
    if (!lua_getmetatable(L, index)) {
        return 0;
    }
    int is = lua_topointer(L, -1) == metatable;
    lua_pop(L, 1);
    return is;
}

/* ui.span: marks its table (or a new one holding a string or number) with the span
   metatable, upvalue 1, and gives it back. Its fields and items are checked against the
   schema, upvalue 2; where this code is not sure, the bridge's check, upvalue 3, is
   called with the table, and says what is wrong. A table with a metatable of its own
   is copied first, raw, and the copy marked. */
static int theolua_span(lua_State *L) {
    switch (lua_type(L, 1)) {
    case LUA_TSTRING:
    case LUA_TNUMBER:
        lua_createtable(L, 1, 0);
        lua_pushvalue(L, 1);
        lua_rawseti(L, -2, 1);
        break;
    case LUA_TTABLE: {
        lua_settop(L, 1);
        const theolua_span_schema *schema = (const theolua_span_schema *)lua_touserdata(L, lua_upvalueindex(2));
        const void *metatable = lua_topointer(L, lua_upvalueindex(1));
        theolua_look look;
        look.count = 0;
        lua_Integer count = 0;
        int sure = schema != NULL && theolua_read_look(L, schema, 1, &look, &count);
        for (lua_Integer i = 1; sure && i <= count; i++) {
            switch (lua_rawgeti(L, 1, i)) {
            case LUA_TSTRING:
            case LUA_TNUMBER:
            case LUA_TNIL:
                break;
            case LUA_TBOOLEAN:
                sure = !lua_toboolean(L, -1);
                break;
            case LUA_TTABLE:
                sure = theolua_is_span(L, -1, metatable);
                break;
            default:
                sure = 0;
            }
            lua_pop(L, 1);
        }
        if (!sure) {
            lua_pushvalue(L, lua_upvalueindex(3));
            lua_pushvalue(L, 1);
            lua_call(L, 1, 0);
        }
        if (lua_getmetatable(L, 1)) {
            int marked = lua_rawequal(L, -1, lua_upvalueindex(1));
            lua_pop(L, 1);
            if (marked) {
                return 1;
            }
            lua_createtable(L, 0, 0);
            lua_pushnil(L);
            while (lua_next(L, 1)) {
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_rawset(L, -4);
            }
        }
        break;
    }
    default:
        return luaL_error(L, "ui.span: expected a string or a table, got %s", luaL_typename(L, 1));
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, -2);
    return 1;
}

void theolua_push_span_constructor(lua_State *L) {
    lua_pushcclosure(L, theolua_span, 3);
}

/* The text reader. */

int theolua_is_ascii(const unsigned char *bytes, size_t length) {
    uint64_t high = 0;
    size_t i = 0;
    for (; i + 8 <= length; i += 8) {
        uint64_t word;
        memcpy(&word, bytes + i, sizeof word);
        high |= word;
    }
    for (; i < length; i++) {
        high |= bytes[i];
    }
    return (high & 0x8080808080808080ull) == 0;
}

theolua_text_reader *theolua_text_reader_new(void) {
    return (theolua_text_reader *)calloc(1, sizeof(theolua_text_reader));
}

void theolua_text_reader_free(theolua_text_reader *reader) {
    if (reader == NULL) {
        return;
    }
    free(reader->bytes);
    free(reader->ends);
    free(reader->looks);
    free(reader);
}

static int theolua_reserve_bytes(theolua_text_reader *reader, size_t more) {
    if (reader->length + more <= reader->capacity) {
        return 1;
    }
    size_t capacity = reader->capacity < 256 ? 256 : reader->capacity;
    while (capacity < reader->length + more) {
        capacity *= 2;
    }
    unsigned char *bytes = (unsigned char *)realloc(reader->bytes, capacity);
    if (bytes == NULL) {
        return 0;
    }
    reader->bytes = bytes;
    reader->capacity = capacity;
    return 1;
}

static int theolua_same_look(const theolua_look *a, const theolua_look *b) {
    if (a->count != b->count) {
        return 0;
    }
    for (int i = 0; i < a->count; i++) {
        const theolua_look_slot *x = &a->slots[i];
        const theolua_look_slot *y = &b->slots[i];
        if (x->field != y->field || x->type != y->type || x->integer != y->integer || x->length != y->length) {
            return 0;
        }
        if (x->string != y->string && (x->string == NULL || y->string == NULL || memcmp(x->string, y->string, x->length) != 0)) {
            return 0;
        }
    }
    return 1;
}

/* The number of the look `look` among the looks read lately, kept (with copies of its
   strings) if it is new: -1 for the text's own (no fields), -2 when it cannot be kept
   (its strings are too long). */
static int theolua_look_number(theolua_text_reader *reader, const theolua_look *look) {
    if (look->count == 0) {
        return -1;
    }
    reader->clock += 1;
    if (reader->cache[reader->last].generation != 0 && theolua_same_look(&reader->cache[reader->last].look, look)) {
        reader->cache[reader->last].used = reader->clock;
        return reader->last;
    }
    int oldest = 0;
    for (int i = 0; i < THEOLUA_LOOK_CACHE; i++) {
        theolua_cached_look *cached = &reader->cache[i];
        if (cached->generation != 0 && theolua_same_look(&cached->look, look)) {
            cached->used = reader->clock;
            reader->last = i;
            return i;
        }
        if (cached->used < reader->cache[oldest].used) {
            oldest = i;
        }
    }
    if (reader->cache[oldest].generation != 0 && reader->cache[oldest].used > reader->read_start) {
        /* Every kept look is one of this text's: none may go while the text is read. */
        return -2;
    }
    size_t needed = 0;
    for (int i = 0; i < look->count; i++) {
        needed += look->slots[i].length;
    }
    if (needed > THEOLUA_LOOK_STORAGE) {
        return -2;
    }
    theolua_cached_look *cached = &reader->cache[oldest];
    cached->look = *look;
    size_t used = 0;
    for (int i = 0; i < look->count; i++) {
        theolua_look_slot *slot = &cached->look.slots[i];
        if (slot->string != NULL) {
            /* The kept look holds its own copy: the Lua string may go. */
            if (slot->length > 0) {
                memcpy(cached->storage + used, slot->string, slot->length);
            }
            slot->string = cached->storage + used;
            used += slot->length;
        }
    }
    cached->generation += 1;
    cached->used = reader->clock;
    reader->last = oldest;
    return oldest;
}

/* Ends the piece read since the last end, a run of `look`; 0 when it cannot. */
static int theolua_end_piece(theolua_text_reader *reader, const theolua_look *look) {
    if (reader->length == reader->piece_start) {
        return 1;
    }
    if (reader->piece_count >= reader->run_limit) {
        return 0;
    }
    int number = theolua_look_number(reader, look);
    if (number == -2) {
        return 0;
    }
    if (reader->piece_count == reader->piece_capacity) {
        int capacity = reader->piece_capacity < 16 ? 16 : reader->piece_capacity * 2;
        size_t *ends = (size_t *)realloc(reader->ends, (size_t)capacity * sizeof(size_t));
        if (ends == NULL) {
            return 0;
        }
        reader->ends = ends;
        int *looks = (int *)realloc(reader->looks, (size_t)capacity * sizeof(int));
        if (looks == NULL) {
            return 0;
        }
        reader->looks = looks;
        reader->piece_capacity = capacity;
    }
    reader->ends[reader->piece_count] = reader->length;
    reader->looks[reader->piece_count] = number;
    reader->piece_count += 1;
    reader->piece_start = reader->length;
    if (number >= 0) {
        reader->styled = 1;
    }
    return 1;
}

/* Reads items 1…`count` of the table at `table` (absolute), each string a run of
   `reader->stack[depth]`; 0 when it is not sure. */
static int theolua_read_items(lua_State *L, theolua_text_reader *reader, int table, lua_Integer count, int depth) {
    if (!lua_checkstack(L, 4)) {
        return 0;
    }
    for (lua_Integer i = 1; i <= count; i++) {
        int sure = 1;
        switch (lua_rawgeti(L, table, i)) {
        case LUA_TSTRING: {
            size_t length = 0;
            const char *bytes = lua_tolstring(L, -1, &length);
            if (length >= 4096) {
                theolua_copy_out(theolua_getsupport(L), (long long)length);
            }
            if (length == 0) {
                break;
            }
            sure = theolua_reserve_bytes(reader, length);
            if (sure) {
                memcpy(reader->bytes + reader->length, bytes, length);
                reader->length += length;
            }
            break;
        }
        case LUA_TNUMBER: {
            if (!lua_isinteger(L, -1)) {
                sure = 0;
                break;
            }
            char digits[32];
            int length = snprintf(digits, sizeof digits, LUA_INTEGER_FMT, (LUAI_UACINT)lua_tointeger(L, -1));
            sure = length > 0 && theolua_reserve_bytes(reader, (size_t)length);
            if (sure) {
                memcpy(reader->bytes + reader->length, digits, (size_t)length);
                reader->length += (size_t)length;
            }
            break;
        }
        case LUA_TNIL:
            break;
        case LUA_TBOOLEAN:
            sure = !lua_toboolean(L, -1);
            break;
        case LUA_TTABLE: {
            if (depth + 1 > THEOLUA_SPAN_DEPTH || !theolua_is_span(L, -1, reader->span_metatable) ||
                !theolua_end_piece(reader, &reader->stack[depth])) {
                sure = 0;
                break;
            }
            int span = lua_gettop(L);
            reader->stack[depth + 1] = reader->stack[depth];
            lua_Integer items = 0;
            sure = theolua_read_look(L, reader->schema, span, &reader->stack[depth + 1], &items) &&
                   theolua_read_items(L, reader, span, items, depth + 1) &&
                   theolua_end_piece(reader, &reader->stack[depth + 1]);
            break;
        }
        default:
            sure = 0;
        }
        lua_pop(L, 1);
        if (!sure) {
            return 0;
        }
    }
    return 1;
}

int theolua_read_text(lua_State *L, theolua_text_reader *reader, int table, lua_Integer count) {
    reader->length = 0;
    reader->piece_start = 0;
    reader->piece_count = 0;
    reader->styled = 0;
    reader->stack[0].count = 0;
    reader->read_start = reader->clock;
    if (reader->schema == NULL) {
        return 0;
    }
    int top = lua_gettop(L);
    int sure = theolua_read_items(L, reader, lua_absindex(L, table), count, 0) &&
               theolua_end_piece(reader, &reader->stack[0]);
    lua_settop(L, top);
    return sure;
}

void theolua_span_schema_set_field(theolua_span_schema *schema, int position, const char *name, int kind) {
    if (position < 0 || position >= THEOLUA_SPAN_FIELDS) {
        return;
    }
    schema->names[position] = name;
    schema->kinds[position] = (unsigned char)kind;
    if (position >= schema->field_count) {
        schema->field_count = position + 1;
    }
}

void theolua_span_schema_add_color(theolua_span_schema *schema, const char *name) {
    if (name != NULL && schema->color_count < 32) {
        schema->colors[schema->color_count++] = name;
    }
}

unsigned theolua_text_reader_generation(const theolua_text_reader *reader, int look) {
    return look >= 0 && look < THEOLUA_LOOK_CACHE ? reader->cache[look].generation : 0;
}

int theolua_text_reader_slot_count(const theolua_text_reader *reader, int look) {
    return look >= 0 && look < THEOLUA_LOOK_CACHE ? reader->cache[look].look.count : 0;
}

const theolua_look_slot *theolua_text_reader_slot(const theolua_text_reader *reader, int look, int slot) {
    if (look < 0 || look >= THEOLUA_LOOK_CACHE || slot < 0 || slot >= reader->cache[look].look.count) {
        return NULL;
    }
    return &reader->cache[look].look.slots[slot];
}
