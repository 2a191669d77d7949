#ifndef THEOLUA_CLUA_SHIM_H
#define THEOLUA_CLUA_SHIM_H
// Lua 5.4's C API. pkg-config `lua5.4` supplies the include path on every platform.
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#endif
