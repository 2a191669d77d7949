#ifndef THEOLUA_CCMARK_SHIM_H
#define THEOLUA_CCMARK_SHIM_H
// GitHub's CommonMark parser with its extensions (tables, strikethrough, autolinks,
// task lists): Debian's libcmark-gfm-dev and libcmark-gfm-extensions-dev, Homebrew's
// cmark-gfm. pkg-config `libcmark-gfm` supplies the paths.
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>
#endif
