/*
 * playground_http.c — the connections of `anima playground`
 * (playground_internal.h): libuv reads them, Debian's http-parser parses
 * them, and this file holds the limits (PLAYGROUND_HEADER_LIMIT,
 * PLAYGROUND_BODY_LIMIT, the methods served, one request deadline) and
 * writes the answers. Requests are answered in order as each completes;
 * pipelined requests are parsed one after the other.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "playground_internal.h"

typedef struct write_request {
  uv_write_t write;
  playground_connection *connection;
  char *head, *body;
  bool close;
} write_request;

/* One read at a time: the loop is single-threaded and each read is parsed
 * before the next is allocated. */
static char read_buffer[64 * 1024];

static void on_handle_closed(uv_handle_t *handle) {
  playground_connection *connection = handle->data;
  if (--connection->open_handles == 0) {
    free(connection->request.body);
    free(connection);
  }
}

void playground_close(playground_connection *connection) {
  if (connection->closing) {
    return;
  }
  connection->closing = true;
  playground_server *server = connection->server;
  if (connection->previous) {
    connection->previous->next = connection->next;
  } else {
    server->connections = connection->next;
  }
  if (connection->next) {
    connection->next->previous = connection->previous;
  }
  server->connection_count--;
  uv_timer_stop(&connection->deadline);
  uv_close((uv_handle_t *)&connection->deadline, on_handle_closed);
  uv_close((uv_handle_t *)&connection->tcp, on_handle_closed);
}

static const char *status_text(int status) {
  switch (status) {
  case 200:
    return "OK";
  case 400:
    return "Bad Request";
  case 403:
    return "Forbidden";
  case 404:
    return "Not Found";
  case 405:
    return "Method Not Allowed";
  case 409:
    return "Conflict";
  case 413:
    return "Content Too Large";
  case 417:
    return "Expectation Failed";
  case 428:
    return "Precondition Required";
  case 431:
    return "Request Header Fields Too Large";
  case 500:
    return "Internal Server Error";
  case 501:
    return "Not Implemented";
  case 503:
    return "Service Unavailable";
  default:
    return "Unknown";
  }
}

/* How long a closing connection's peer has to close its side. */
#define DRAIN_MS 2000
/* What a closing connection's peer may still send. */
#define DRAIN_LIMIT (1024 * 1024)

static void on_deadline(uv_timer_t *timer);

static void on_shutdown(uv_shutdown_t *shutdown, int status) {
  (void)shutdown;
  (void)status; /* the peer's close, or the deadline, ends it */
}

static void on_written(uv_write_t *write, int status) {
  write_request *request = (write_request *)write;
  playground_connection *connection = request->connection;
  bool close = request->close;
  free(request->head);
  free(request->body);
  free(request);
  if (status < 0) {
    playground_close(connection);
  } else if (close && !connection->closing) {
    /* Half-close: the answer is sent; the peer's close ends the rest. */
    if (uv_shutdown(&connection->shutdown, (uv_stream_t *)&connection->tcp,
                    on_shutdown) != 0) {
      playground_close(connection);
      return;
    }
    uv_timer_start(&connection->deadline, on_deadline, DRAIN_MS, 0);
  }
}

void playground_send(playground_connection *connection,
                     const playground_response *response, const char *body,
                     size_t length, bool owned) {
  if (connection->closing) {
    if (owned) {
      free((char *)body);
    }
    return;
  }
  write_request *request = calloc(1, sizeof *request);
  char *head = malloc(512);
  char *copy = NULL;
  bool sent = !response->head_only && length > 0;
  if (sent && !response->stable_body) {
    copy = owned ? (char *)body : malloc(length);
    if (copy && !owned) {
      memcpy(copy, body, length);
    }
  } else if (owned) {
    free((char *)body);
  }
  if (!request || !head || (sent && !response->stable_body && !copy)) {
    free(request);
    free(head);
    free(copy);
    playground_close(connection);
    return;
  }
  int head_length;
  const char *type =
      response->type ? response->type : "text/plain; charset=utf-8";
  if (response->keep_open) {
    head_length =
        snprintf(head, 512,
                 "HTTP/1.1 %d %s\r\nContent-Type: %s\r\n"
                 "Cache-Control: no-store\r\n"
                 "X-Content-Type-Options: nosniff\r\n\r\n",
                 response->status, status_text(response->status), type);
  } else {
    head_length = snprintf(
        head, 512,
        "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
        "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
        "Connection: %s\r\n%s%s%s\r\n",
        response->status, status_text(response->status), type, length,
        response->close ? "close" : "keep-alive",
        response->allow ? "Allow: " : "",
        response->allow ? response->allow : "", response->allow ? "\r\n" : "");
  }
  request->connection = connection;
  request->head = head;
  request->body = copy;
  request->close = response->close;
  uv_buf_t buffers[2] = {
      uv_buf_init(head, (unsigned)head_length),
      uv_buf_init(copy ? copy : (char *)body, (unsigned)(sent ? length : 0))};
  if (uv_write(&request->write, (uv_stream_t *)&connection->tcp, buffers,
               sent ? 2 : 1, on_written) != 0) {
    free(head);
    free(copy);
    free(request);
    playground_close(connection);
    return;
  }
  if (response->close) {
    /* Nothing more is answered on it. */
    connection->draining = true;
    if (HTTP_PARSER_ERRNO(&connection->parser) == HPE_OK) {
      http_parser_pause(&connection->parser, 1);
    }
  }
}

void playground_send_error(playground_connection *connection, int status,
                           const char *reason, bool close) {
  char body[512];
  int length = snprintf(body, sizeof body, "%d %s: %s\n", status,
                        status_text(status), reason);
  playground_response response = {.status = status, .close = close};
  if (status == 405) {
    response.allow = "GET, HEAD, POST";
  }
  playground_send(connection, &response, body, (size_t)length, false);
}

void playground_push(playground_connection *connection, const char *text,
                     size_t length) {
  if (connection->closing) {
    return;
  }
  write_request *request = calloc(1, sizeof *request);
  char *copy = malloc(length);
  if (!request || !copy) {
    free(request);
    free(copy);
    playground_close(connection);
    return;
  }
  memcpy(copy, text, length);
  request->connection = connection;
  request->body = copy;
  uv_buf_t buffer = uv_buf_init(copy, (unsigned)length);
  if (uv_write(&request->write, (uv_stream_t *)&connection->tcp, &buffer, 1,
               on_written) != 0) {
    free(copy);
    free(request);
    playground_close(connection);
  }
}

/* --- parsing ------------------------------------------------------------ */

static void refuse(playground_connection *connection, int status,
                   const char *reason) {
  if (!connection->request.refusal) {
    connection->request.refusal = status;
    connection->request.refusal_reason = reason;
  }
}

/* Counts request-line and header bytes against PLAYGROUND_HEADER_LIMIT. */
static bool count_header(playground_connection *connection, size_t length) {
  connection->request.header_bytes += length;
  if (connection->request.header_bytes > PLAYGROUND_HEADER_LIMIT) {
    refuse(connection, 431, "the request line and headers exceed 8192 bytes");
    return false;
  }
  return true;
}

static int on_message_begin(http_parser *parser) {
  playground_connection *connection = parser->data;
  char *body = connection->request.body;
  size_t capacity = connection->request.body_capacity;
  memset(&connection->request, 0, sizeof connection->request);
  connection->request.body = body;
  connection->request.body_capacity = capacity;
  return 0;
}

static int on_url(http_parser *parser, const char *at, size_t length) {
  playground_connection *connection = parser->data;
  playground_request *request = &connection->request;
  if (!count_header(connection, length)) {
    return 1;
  }
  if (request->url_length + length >= sizeof request->url) {
    request->url_over = true;
    return 0;
  }
  memcpy(request->url + request->url_length, at, length);
  request->url_length += length;
  request->url[request->url_length] = '\0';
  return 0;
}

static int on_header_field(http_parser *parser, const char *at, size_t length) {
  playground_connection *connection = parser->data;
  playground_request *request = &connection->request;
  if (!count_header(connection, length)) {
    return 1;
  }
  if (request->in_value) {
    request->in_value = false;
    request->name_length = 0;
  }
  for (size_t i = 0; i < length; i++) {
    if (request->name_length < sizeof request->name - 1) {
      request->name[request->name_length] = (char)tolower((unsigned char)at[i]);
    }
    request->name_length++;
  }
  return 0;
}

static playground_header header_of(const playground_request *request) {
  if (request->name_length >= sizeof request->name) {
    return PLAYGROUND_HEADER_OTHER;
  }
  const char *names[] = {"host", "origin", "x-anima-revision", "expect"};
  const playground_header kinds[] = {
      PLAYGROUND_HEADER_HOST, PLAYGROUND_HEADER_ORIGIN,
      PLAYGROUND_HEADER_REVISION, PLAYGROUND_HEADER_EXPECT};
  for (size_t i = 0; i < 4; i++) {
    if (request->name_length == strlen(names[i]) &&
        memcmp(request->name, names[i], request->name_length) == 0) {
      return kinds[i];
    }
  }
  return PLAYGROUND_HEADER_OTHER;
}

static int on_header_value(http_parser *parser, const char *at, size_t length) {
  playground_connection *connection = parser->data;
  playground_request *request = &connection->request;
  if (!count_header(connection, length)) {
    return 1;
  }
  playground_field *fields[] = {NULL, &request->host, &request->origin,
                                &request->revision, &request->expect};
  if (!request->in_value) {
    request->in_value = true;
    request->header = header_of(request);
    playground_field *field = fields[request->header];
    if (field && field->seen) {
      refuse(connection, 400, "a header that may appear once appears twice");
      return 1;
    }
    if (field) {
      field->seen = true;
    }
  }
  playground_field *field = fields[request->header];
  if (field) {
    if (field->length + length >= sizeof field->text) {
      field->over = true;
    } else {
      memcpy(field->text + field->length, at, length);
      field->length += length;
      field->text[field->length] = '\0';
    }
  }
  return 0;
}

/* Whether an Expect value is 100-continue (case-insensitive, RFC 9110
 * §10.1.1), spaces and tabs around it ignored. */
static bool expects_continue(const playground_field *expect) {
  const char *text = expect->text;
  size_t length = expect->length;
  while (length > 0 && (*text == ' ' || *text == '\t')) {
    text++;
    length--;
  }
  while (length > 0 && (text[length - 1] == ' ' || text[length - 1] == '\t')) {
    length--;
  }
  const char *wanted = "100-continue";
  if (expect->over || length != strlen(wanted)) {
    return false;
  }
  for (size_t i = 0; i < length; i++) {
    if (tolower((unsigned char)text[i]) != wanted[i]) {
      return false;
    }
  }
  return true;
}

static int on_headers_complete(http_parser *parser) {
  playground_connection *connection = parser->data;
  if (parser->method != HTTP_GET && parser->method != HTTP_HEAD &&
      parser->method != HTTP_POST) {
    refuse(connection, 405, "only GET, HEAD and POST are served");
    return -1;
  }
  if ((parser->flags & F_CONTENTLENGTH) &&
      parser->content_length > PLAYGROUND_BODY_LIMIT) {
    refuse(connection, 413, "the body exceeds 1 MiB (SPEC §2)");
    return -1;
  }
  /* Expect (RFC 9110 §10.1.1): an HTTP/1.1 client that sends
   * `Expect: 100-continue` may wait for an interim 100 before sending the
   * body, so it gets one once the head is accepted (a refused head gets
   * its final answer instead, above). Any other expectation is 417; an
   * HTTP/1.0 request's Expect is ignored. */
  bool http11 = parser->http_major > 1 ||
                (parser->http_major == 1 && parser->http_minor >= 1);
  playground_field *expect = &connection->request.expect;
  if (http11 && expect->seen) {
    if (!expects_continue(expect)) {
      refuse(connection, 417, "the only expectation served is 100-continue");
      return -1;
    }
    bool body =
        (parser->flags & F_CHUNKED) ||
        ((parser->flags & F_CONTENTLENGTH) && parser->content_length > 0);
    if (body) {
      static const char interim[] = "HTTP/1.1 100 Continue\r\n\r\n";
      playground_push(connection, interim, sizeof interim - 1);
    }
  }
  return 0;
}

static int on_body(http_parser *parser, const char *at, size_t length) {
  playground_connection *connection = parser->data;
  playground_request *request = &connection->request;
  if (request->body_length + length > PLAYGROUND_BODY_LIMIT) {
    refuse(connection, 413, "the body exceeds 1 MiB (SPEC §2)");
    return 1;
  }
  if (request->body_length + length + 1 > request->body_capacity) {
    size_t capacity = request->body_capacity ? request->body_capacity : 4096;
    while (capacity < request->body_length + length + 1) {
      capacity *= 2;
    }
    char *grown = realloc(request->body, capacity);
    if (!grown) {
      refuse(connection, 500, "out of memory");
      return 1;
    }
    request->body = grown;
    request->body_capacity = capacity;
  }
  memcpy(request->body + request->body_length, at, length);
  request->body_length += length;
  request->body[request->body_length] = '\0';
  return 0;
}

static void on_deadline(uv_timer_t *timer) {
  playground_connection *connection = timer->data;
  if (connection->draining) {
    playground_close(connection);
    return;
  }
  if (!connection->events) {
    playground_close(connection);
  }
}

static int on_message_complete(http_parser *parser) {
  playground_connection *connection = parser->data;
  /* The next request has its own deadline. */
  uv_timer_start(&connection->deadline, on_deadline, PLAYGROUND_REQUEST_MS, 0);
  playground_route(connection);
  if (connection->events) {
    uv_timer_stop(&connection->deadline);
    http_parser_pause(parser, 1);
  }
  return 0;
}

void playground_http_settings(playground_server *server) {
  http_parser_settings_init(&server->settings);
  server->settings.on_message_begin = on_message_begin;
  server->settings.on_url = on_url;
  server->settings.on_header_field = on_header_field;
  server->settings.on_header_value = on_header_value;
  server->settings.on_headers_complete = on_headers_complete;
  server->settings.on_body = on_body;
  server->settings.on_message_complete = on_message_complete;
}

/* --- reading ------------------------------------------------------------ */

static void on_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buffer) {
  (void)handle;
  (void)suggested;
  *buffer = uv_buf_init(read_buffer, sizeof read_buffer);
}

static void on_read(uv_stream_t *stream, ssize_t count,
                    const uv_buf_t *buffer) {
  playground_connection *connection = stream->data;
  if (count < 0) {
    playground_close(connection);
    return;
  }
  if (count == 0 || connection->closing || connection->events) {
    return; /* an event stream only listens for the close */
  }
  if (connection->draining) {
    connection->drained += (size_t)count;
    if (connection->drained > DRAIN_LIMIT) {
      playground_close(connection);
    }
    return;
  }
  http_parser *parser = &connection->parser;
  http_parser_execute(parser, &connection->server->settings, buffer->base,
                      (size_t)count);
  if (connection->closing) {
    return;
  }
  enum http_errno error = HTTP_PARSER_ERRNO(parser);
  if (connection->request.refusal) {
    playground_send_error(connection, connection->request.refusal,
                          connection->request.refusal_reason, true);
  } else if (error == HPE_PAUSED) {
    /* A response that closes, or an event stream, stopped parsing. */
  } else if (error != HPE_OK) {
    int status = error == HPE_INVALID_METHOD    ? 501
                 : error == HPE_HEADER_OVERFLOW ? 431
                                                : 400;
    playground_send_error(connection, status, http_errno_description(error),
                          true);
  } else if (parser->upgrade) {
    playground_send_error(connection, 501, "protocol upgrades are not served",
                          true);
  } else if (uv_stream_get_write_queue_size(stream) >
             PLAYGROUND_WRITE_QUEUE_LIMIT) {
    /* A client that sends requests and does not read the answers. */
    playground_close(connection);
  }
}

void playground_accept(playground_server *server) {
  playground_connection *connection = calloc(1, sizeof *connection);
  if (!connection) {
    return;
  }
  connection->server = server;
  uv_tcp_init(server->loop, &connection->tcp);
  uv_timer_init(server->loop, &connection->deadline);
  connection->tcp.data = connection;
  connection->deadline.data = connection;
  connection->open_handles = 2;
  connection->next = server->connections;
  if (server->connections) {
    server->connections->previous = connection;
  }
  server->connections = connection;
  server->connection_count++;
  if (uv_accept((uv_stream_t *)&server->listener,
                (uv_stream_t *)&connection->tcp) != 0) {
    playground_close(connection);
    return;
  }
  http_parser_init(&connection->parser, HTTP_REQUEST);
  connection->parser.data = connection;
  if (server->connection_count > PLAYGROUND_CONNECTION_LIMIT) {
    playground_send_error(connection, 503, "too many open connections", true);
    return;
  }
  uv_timer_start(&connection->deadline, on_deadline, PLAYGROUND_REQUEST_MS, 0);
  if (uv_read_start((uv_stream_t *)&connection->tcp, on_alloc, on_read) != 0) {
    playground_close(connection);
  }
}
