/*
 * playground.h — `anima playground` (SPEC §11.4, docs/PLAYGROUND.md): a
 * local authoring inspector served on 127.0.0.1 by a libuv event loop, its
 * HTTP parsed by Debian's http-parser (docs/DECISIONS.md). It serves its
 * own page (embedded at build time), the WebAssembly build (anima.js and
 * anima.wasm from the web directory), the opened document, a Save that
 * writes only that file, and a Server-Sent Events stream that tells the
 * page when the file changed on disk.
 */
#ifndef ANIMA_TOOLS_PLAYGROUND_H
#define ANIMA_TOOLS_PLAYGROUND_H

#include <stdbool.h>
#include <stddef.h>

/** The port tried first (SPEC §11.4); the next free one when occupied. */
#define PLAYGROUND_DEFAULT_PORT 4519
/** Ports tried from the first one before giving up. */
#define PLAYGROUND_PORT_TRIES 100
/** Request line and headers, at most (431 beyond). */
#define PLAYGROUND_HEADER_LIMIT 8192
/** A request body (a saved document), at most: SPEC §2's 1 MiB of text
 * (413 beyond). The opened file is held to the same limit. */
#define PLAYGROUND_BODY_LIMIT (1024 * 1024)
/** Open connections at most; more are answered 503 and closed. */
#define PLAYGROUND_CONNECTION_LIMIT 256
/** A request must arrive whole within this many milliseconds of the
 * connection or of the previous response (slow senders are closed). */
#define PLAYGROUND_REQUEST_MS 15000
/** Unsent response bytes a client may leave unread before it is closed. */
#define PLAYGROUND_WRITE_QUEUE_LIMIT (16 * 1024 * 1024)

/** One file of the page, embedded at build time
 * (tools/anima/playground_embed.py). */
typedef struct playground_asset {
  const char *path; /**< "/" or "/playground.mjs"; NULL ends the table */
  const char *type; /**< its Content-Type */
  const unsigned char *data;
  size_t length;
} playground_asset;

/** The embedded page files, ended by an entry whose path is NULL. */
extern const playground_asset playground_assets[];

/** The document the playground edits. */
typedef struct playground_document {
  char *path;      /**< the opened file (absolute); NULL for the scratch bell */
  char *directory; /**< its directory (watched); NULL for the scratch bell */
  char *base;      /**< its file name within `directory` */
  char *name; /**< what the page shows: the path as given, or "bell.animl" */
  bool read_only; /**< the scratch example: Save refuses */
  char *text; /**< the text on disk (NUL-terminated); NULL when unreadable */
  size_t length;
  /** Where the disk revision stands: "" when readable, else why not. */
  char problem[160];
  /** The disk revision: FNV-1a 64 of the text and its length in hex, or
   * "missing" / "unreadable" / "too-large". */
  char revision[48];
} playground_document;

/** Opens `file` (reading it; a missing file is an error). On failure
 * returns false with a message in `error` (`error_size` bytes). */
bool playground_document_open(playground_document *document, const char *file,
                              char *error, size_t error_size);
/** The read-only scratch document: `text` (copied), named `name`. */
bool playground_document_scratch(playground_document *document,
                                 const char *name, const char *text,
                                 size_t length);
void playground_document_free(playground_document *document);
/** Reads the file again; true when its revision changed. */
bool playground_document_refresh(playground_document *document);

/** What a save did. */
typedef enum playground_save_result {
  PLAYGROUND_SAVED,
  PLAYGROUND_SAVE_READ_ONLY, /**< the scratch example */
  PLAYGROUND_SAVE_STALE,     /**< the disk revision is not the one edited */
  PLAYGROUND_SAVE_FAILED     /**< the write failed: `problem` says why */
} playground_save_result;

/**
 * Writes `text` over the opened file in place (its inode, mode and links
 * stay) when the disk revision (read again now) is `expected`; the new
 * revision is the document's afterwards. `*changed` is set when reading
 * again found a revision the document did not know (the caller tells the
 * page). `problem` (`problem_size` bytes) says why a write failed.
 */
playground_save_result playground_document_save(playground_document *document,
                                                const char *expected,
                                                const char *text, size_t length,
                                                bool *changed, char *problem,
                                                size_t problem_size);

/** What `anima playground` was asked for. */
typedef struct playground_options {
  const char *file; /**< NULL: the scratch bell */
  int port;         /**< the first port tried; 0: any free port */
  /** Where anima.js and anima.wasm are (NULL: not found; the page then
   * says how to build them). */
  const char *web_directory;
} playground_options;

/** Runs the server until SIGINT or SIGTERM: 0, or 1 when it cannot start
 * (the reason on stderr). Prints "anima playground: http://127.0.0.1:PORT/"
 * on stdout once it listens. */
int playground_serve(const playground_options *options,
                     playground_document *document);

#endif
