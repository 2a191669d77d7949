#ifndef THEOLUA_MARKDOWN_H
#define THEOLUA_MARKDOWN_H

#include <stddef.h>
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>

/* A Markdown document parsed by cmark-gfm within bounds: every block the parser
   allocates comes from an arena of ours, which refuses to grow past `byte_limit` bytes
   or to go on past `seconds` of parsing. A refusal ends the parse at once (a longjmp
   out of the parser's own frames, C alone, back to theolua_markdown_parse), and the
   arena frees everything the parser had made: the parser is never asked to carry on
   after an allocation failed, which it cannot do. */
typedef struct theolua_markdown theolua_markdown;

/* Parses `length` bytes of `text` with the cmark-gfm extensions named in `extensions`
   (`count` of them). Returns the parsed document, whose nodes stay valid until
   theolua_markdown_free; or NULL when a bound was reached (or no memory at all). */
theolua_markdown *theolua_markdown_parse(const char *text, size_t length, const char *const *extensions, int count,
                                         size_t byte_limit, double seconds);

/* The document's root node. Its iterators (cmark_iter_new) allocate from the arena too:
   use them before theolua_markdown_free. */
cmark_node *theolua_markdown_document(theolua_markdown *markdown);

/* The most bytes the arena held at once during the parse. */
size_t theolua_markdown_peak_bytes(const theolua_markdown *markdown);

/* Frees the document and everything the parser allocated. */
void theolua_markdown_free(theolua_markdown *markdown);

#endif
