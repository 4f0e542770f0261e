/*
 * playground_routes.c — what each request to `anima playground` gets
 * (docs/PLAYGROUND.md "Server"). Only these are served:
 *
 *   GET  /                  the page (embedded)
 *   GET  /<page file>       playground.mjs, playground.css, anima.mjs,
 *                           anima-icon.mjs (embedded)
 *   GET  /anima.js, /anima.wasm   the WebAssembly build (the web directory)
 *   GET  /api/document      the opened file: {name, readOnly, revision, text,
 * problem} GET  /api/events        Server-Sent Events: `revision` when the file
 * changes on disk POST /api/save          writes the body over the opened file
 *
 * Every request must name this server in Host (127.0.0.1:PORT or
 * localhost:PORT): a page of another site that a rebinding DNS name points
 * here is refused. A Save must carry X-Anima-Revision (a header a
 * cross-site form cannot send without a preflight this server refuses) and,
 * when the browser sends Origin, come from this origin.
 */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bounded_read.h"
#include "playground_internal.h"

/* The largest web build file read (anima.wasm is about 1.5 MB). */
#define WEB_FILE_LIMIT (64 * 1024 * 1024)

static bool host_is_ours(const playground_request *request, int port) {
  if (request->host.over) {
    return false;
  }
  char expected[64];
  const char *names[] = {"127.0.0.1", "localhost"};
  for (size_t i = 0; i < 2; i++) {
    snprintf(expected, sizeof expected, "%s:%d", names[i], port);
    if (strcasecmp(request->host.text, expected) == 0) {
      return true;
    }
  }
  return false;
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  if (c >= 'a' && c <= 'f') {
    return c - 'a' + 10;
  }
  if (c >= 'A' && c <= 'F') {
    return c - 'A' + 10;
  }
  return -1;
}

/* The request target's path, percent-decoded, into `out`; 0 or the status
 * to refuse it with (and `*reason`). */
static int request_path(const playground_request *request, char *out,
                        size_t size, const char **reason) {
  struct http_parser_url parts;
  http_parser_url_init(&parts);
  if (http_parser_parse_url(request->url, request->url_length, 0, &parts) !=
          0 ||
      !(parts.field_set & (1 << UF_PATH)) ||
      (parts.field_set & (1 << UF_SCHEMA))) {
    *reason = "the request target must be a path (origin form)";
    return 400;
  }
  const char *path = request->url + parts.field_data[UF_PATH].off;
  size_t length = parts.field_data[UF_PATH].len;
  size_t used = 0;
  for (size_t i = 0; i < length; i++) {
    char c = path[i];
    if (c == '%') {
      int high = i + 2 < length ? hex_digit(path[i + 1]) : -1;
      int low = i + 2 < length ? hex_digit(path[i + 2]) : -1;
      if (high < 0 || low < 0) {
        *reason = "a bad percent escape in the path";
        return 400;
      }
      c = (char)(high * 16 + low);
      i += 2;
    }
    if (c == '\0' || c == '\\' || used + 1 >= size) {
      *reason = "the path leaves what the playground serves";
      return 400;
    }
    out[used++] = c;
  }
  out[used] = '\0';
  /* No "." or ".." segment, however spelled: nothing outside is served. */
  for (const char *segment = out; segment;) {
    segment++;
    const char *end = strchr(segment, '/');
    size_t segment_length = end ? (size_t)(end - segment) : strlen(segment);
    if ((segment_length == 1 && segment[0] == '.') ||
        (segment_length == 2 && segment[0] == '.' && segment[1] == '.')) {
      *reason = "path traversal refused: the playground serves only its own "
                "files and the opened document";
      return 400;
    }
    segment = end;
  }
  return 0;
}

static playground_response answer(const playground_connection *connection,
                                  int status, const char *type) {
  const http_parser *parser = &connection->parser;
  return (playground_response){
      .status = status,
      .type = type,
      .close = !http_should_keep_alive(parser),
      .head_only = parser->method == HTTP_HEAD,
  };
}

static void send_json(playground_connection *connection, int status,
                      json_t *value) {
  char *text = value ? json_dumps(value, JSON_COMPACT) : NULL;
  json_decref(value);
  if (!text) {
    playground_send_error(connection, 500, "out of memory", true);
    return;
  }
  playground_response response =
      answer(connection, status, "application/json; charset=utf-8");
  playground_send(connection, &response, text, strlen(text), true);
}

char *playground_revision_json(const playground_server *server) {
  const playground_document *document = server->document;
  json_t *value =
      json_pack("{s:s, s:s?}", "revision", document->revision, "problem",
                document->problem[0] ? document->problem : NULL);
  char *text = value ? json_dumps(value, JSON_COMPACT) : NULL;
  json_decref(value);
  return text;
}

static void send_document(playground_connection *connection) {
  const playground_document *document = connection->server->document;
  json_t *text = document->text ? json_stringn(document->text, document->length)
                                : json_null();
  const char *problem = document->problem[0] ? document->problem : NULL;
  if (!text) {
    text = json_null();
    problem = "the file is not UTF-8 text";
  }
  send_json(connection, 200,
            json_pack("{s:s, s:b, s:s, s:o, s:s?}", "name", document->name,
                      "readOnly", document->read_only, "revision",
                      document->revision, "text", text, "problem", problem));
}

static void send_web_file(playground_connection *connection, size_t index) {
  playground_server *server = connection->server;
  playground_web_file *file = &server->web_files[index];
  if (!file->data && server->web_directory) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", server->web_directory, file->name);
    FILE *stream = fopen(path, "rb");
    bool over = false;
    if (stream) {
      if (!bounded_read(stream, WEB_FILE_LIMIT, &file->data, &file->length,
                        &over)) {
        file->data = NULL;
      } else if (over) {
        free(file->data);
        file->data = NULL;
      }
      fclose(stream);
    }
  }
  if (!file->data) {
    char reason[512];
    snprintf(reason, sizeof reason,
             "%s is not built: run scripts/build-web.sh (or point "
             "ANIMA_WEB_DIR at a folder with anima.js and anima.wasm)",
             file->name);
    playground_send_error(connection, 404, reason, false);
    return;
  }
  playground_response response = answer(connection, 200, file->type);
  response.stable_body = true; /* held until the server stops */
  playground_send(connection, &response, file->data, file->length, false);
}

static void save(playground_connection *connection) {
  playground_server *server = connection->server;
  playground_request *request = &connection->request;
  if (request->origin.seen) {
    char expected[300];
    snprintf(expected, sizeof expected, "http://%s", request->host.text);
    if (request->origin.over || strcmp(request->origin.text, expected) != 0) {
      playground_send_error(connection, 403, "a save from another origin",
                            false);
      return;
    }
  }
  if (!request->revision.seen || request->revision.over) {
    playground_send_error(connection, 428,
                          "a save names the revision it edits "
                          "(X-Anima-Revision)",
                          false);
    return;
  }
  bool changed = false;
  char problem[300] = "";
  playground_save_result result = playground_document_save(
      server->document, request->revision.text,
      request->body ? request->body : "", request->body_length, &changed,
      problem, sizeof problem);
  if (changed || result == PLAYGROUND_SAVED) {
    char *data = playground_revision_json(server);
    if (data) {
      playground_broadcast(server, "revision", data);
      free(data);
    }
  }
  switch (result) {
  case PLAYGROUND_SAVED:
    send_json(connection, 200,
              json_pack("{s:s}", "revision", server->document->revision));
    break;
  case PLAYGROUND_SAVE_READ_ONLY:
    playground_send_error(connection, 403,
                          "the scratch example is read-only: open a file "
                          "(anima playground file.animl) to save",
                          false);
    break;
  case PLAYGROUND_SAVE_STALE:
    send_json(connection, 409,
              json_pack("{s:s, s:s}", "error",
                        "the file changed on disk: reload it before saving",
                        "revision", server->document->revision));
    break;
  case PLAYGROUND_SAVE_FAILED:
    playground_send_error(connection, 500, problem, false);
    break;
  }
}

static void open_events(playground_connection *connection) {
  char *data = playground_revision_json(connection->server);
  if (!data) {
    playground_send_error(connection, 500, "out of memory", true);
    return;
  }
  size_t size = strlen(data) + 48;
  char *body = malloc(size);
  int length =
      body ? snprintf(body, size, "retry: 1000\nevent: revision\ndata: %s\n\n",
                      data)
           : -1;
  free(data);
  if (length < 0) {
    free(body);
    playground_send_error(connection, 500, "out of memory", true);
    return;
  }
  connection->events = true;
  playground_response response = {
      .status = 200, .type = "text/event-stream", .keep_open = true};
  playground_send(connection, &response, body, (size_t)length, true);
}

void playground_route(playground_connection *connection) {
  playground_server *server = connection->server;
  playground_request *request = &connection->request;
  const http_parser *parser = &connection->parser;
  bool close = !http_should_keep_alive(parser);
  if (!request->host.seen) {
    playground_send_error(connection, 400, "no Host header", close);
    return;
  }
  if (!host_is_ours(request, server->port)) {
    char reason[400];
    snprintf(reason, sizeof reason,
             "Host \"%.256s\" is not this playground (127.0.0.1:%d)",
             request->host.text, server->port);
    playground_send_error(connection, 403, reason, close);
    return;
  }
  if (request->url_over) {
    playground_send_error(connection, 400, "the request target is too long",
                          close);
    return;
  }
  char path[2048];
  const char *reason = NULL;
  int status = request_path(request, path, sizeof path, &reason);
  if (status) {
    playground_send_error(connection, status, reason, close);
    return;
  }
  bool post = parser->method == HTTP_POST;
  if (strcmp(path, "/api/save") == 0) {
    if (post) {
      save(connection);
    } else {
      playground_response response = answer(connection, 405, NULL);
      response.allow = "POST";
      const char *text = "405 Method Not Allowed: Save is a POST\n";
      playground_send(connection, &response, text, strlen(text), false);
    }
    return;
  }
  if (post) {
    playground_response response = answer(connection, 405, NULL);
    response.allow = "GET, HEAD";
    const char *text = "405 Method Not Allowed: only /api/save takes a POST\n";
    playground_send(connection, &response, text, strlen(text), false);
    return;
  }
  for (const playground_asset *asset = playground_assets; asset->path;
       asset++) {
    if (strcmp(path, asset->path) == 0) {
      playground_response response = answer(connection, 200, asset->type);
      response.stable_body = true; /* embedded */
      playground_send(connection, &response, (const char *)asset->data,
                      asset->length, false);
      return;
    }
  }
  for (size_t i = 0; i < 2; i++) {
    if (path[0] == '/' && strcmp(path + 1, server->web_files[i].name) == 0) {
      send_web_file(connection, i);
      return;
    }
  }
  if (strcmp(path, "/api/document") == 0) {
    send_document(connection);
  } else if (strcmp(path, "/api/events") == 0) {
    open_events(connection);
  } else {
    playground_send_error(connection, 404,
                          "the playground serves only its page, the "
                          "WebAssembly build and the opened document",
                          close);
  }
}
