/*
 * playground_internal.h — the pieces of the `anima playground` server
 * (playground.h) shared by its sources: the server, a connection and the
 * request being parsed.
 *
 *   playground_server.c   listening, the file watcher, signals, the event
 * stream playground_http.c     connections: reading, http-parser, limits,
 * writing playground_routes.c   what each request gets
 */
#ifndef ANIMA_TOOLS_PLAYGROUND_INTERNAL_H
#define ANIMA_TOOLS_PLAYGROUND_INTERNAL_H

#include <http_parser.h>
#include <uv.h>

#include "playground.h"

typedef struct playground_connection playground_connection;

/** A file of the web build, read once when first asked for. */
typedef struct playground_web_file {
  const char *name; /**< "anima.js" */
  const char *type;
  char *data; /**< NULL until read */
  size_t length;
} playground_web_file;

typedef struct playground_server {
  uv_loop_t *loop;
  uv_tcp_t listener;
  uv_fs_event_t watcher;
  uv_timer_t watch_delay; /**< coalesces a burst of file events */
  uv_timer_t ping;        /**< keeps event streams alive */
  uv_signal_t interrupt, terminate;
  bool watching, stopping;
  int port;
  const char *web_directory;
  playground_web_file web_files[2];
  playground_document *document;
  playground_connection *connections; /**< every open connection */
  size_t connection_count;
  /** Reused by every connection (parsing is synchronous). */
  http_parser_settings settings;
} playground_server;

/** Which header value is being collected. */
typedef enum playground_header {
  PLAYGROUND_HEADER_OTHER,
  PLAYGROUND_HEADER_HOST,
  PLAYGROUND_HEADER_ORIGIN,
  PLAYGROUND_HEADER_REVISION, /**< X-Anima-Revision */
  PLAYGROUND_HEADER_EXPECT,   /**< Expect (100-continue) */
} playground_header;

/** A bounded piece of request text. */
typedef struct playground_field {
  char text[256];
  size_t length;
  bool over; /**< longer than text holds */
  bool seen;
} playground_field;

/** The request being parsed on a connection. */
typedef struct playground_request {
  char url[2048];
  size_t url_length;
  bool url_over;
  char name[32]; /**< the current header name, lower case */
  size_t name_length;
  bool in_value;
  playground_header header;
  playground_field host, origin, revision, expect;
  size_t header_bytes;
  char *body;
  size_t body_length, body_capacity;
  /** An answer decided while parsing (431, 413, 405): sent, then the
   * connection closes. */
  int refusal;
  const char *refusal_reason;
} playground_request;

struct playground_connection {
  uv_tcp_t tcp;
  uv_timer_t deadline; /**< PLAYGROUND_REQUEST_MS for a whole request */
  http_parser parser;
  playground_server *server;
  playground_connection *previous, *next;
  playground_request request;
  uv_shutdown_t shutdown;
  int open_handles;
  bool closing;
  /** A response that closes the connection was sent: what the client still
   * sends is read and dropped until it closes too (or a short deadline),
   * so the answer is not lost to a reset. */
  bool draining;
  size_t drained;
  bool events; /**< an event stream: only server pushes from now on */
};

/* playground_http.c ------------------------------------------------------- */

/** Accepts a connection on the listener (or answers 503 past the limit). */
void playground_accept(playground_server *server);
/** Sets up server->settings (the http-parser callbacks). */
void playground_http_settings(playground_server *server);
/** Closes a connection (idempotent). */
void playground_close(playground_connection *connection);

/** Response head fields beyond status, type and length. */
typedef struct playground_response {
  int status;
  const char *type;  /**< Content-Type, or NULL */
  const char *allow; /**< Allow (405), or NULL */
  bool close;        /**< close after sending */
  bool keep_open;    /**< an event stream: no Content-Length, no close */
  bool head_only;    /**< HEAD: the length of the body, not the body */
  /** The body outlives the connection (an embedded asset, a web file held
   * until the server stops): sent from where it is, not copied. */
  bool stable_body;
} playground_response;

/** Sends a response; `body` is copied when `owned` is false, else taken
 * (freed after sending). */
void playground_send(playground_connection *connection,
                     const playground_response *response, const char *body,
                     size_t length, bool owned);
/** Sends a short text/plain error answer `status` with `reason`. */
void playground_send_error(playground_connection *connection, int status,
                           const char *reason, bool close);
/** Sends raw bytes on an event stream (copied). */
void playground_push(playground_connection *connection, const char *text,
                     size_t length);

/* playground_routes.c ----------------------------------------------------- */

/** Answers the complete request on `connection`. */
void playground_route(playground_connection *connection);

/* playground_server.c ----------------------------------------------------- */

/** Sends `event` with JSON `data` to every event stream. */
void playground_broadcast(playground_server *server, const char *event,
                          const char *data);
/** The JSON of the disk revision ({"revision": ..., "problem": ...}). */
char *playground_revision_json(const playground_server *server);

#endif
