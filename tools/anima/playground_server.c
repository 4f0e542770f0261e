/*
 * playground_server.c — the event loop of `anima playground`
 * (playground.h): it listens on 127.0.0.1 only (the first free port from
 * the one asked for), watches the opened file's directory (an editor that
 * saves by renaming replaces the file's inode), pushes a `revision` event
 * to every open event stream when the file's revision changes, and stops
 * cleanly on SIGINT or SIGTERM.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "playground_internal.h"

/* File events of one save come in bursts: read the file once they stop. */
#define WATCH_DELAY_MS 40
/* An event stream gets a comment this often (a dead peer is noticed). */
#define PING_MS 15000

void playground_broadcast(playground_server *server, const char *event,
                          const char *data) {
  size_t length = strlen(event) + strlen(data) + 32;
  char *text = malloc(length);
  if (!text) {
    return;
  }
  int used = snprintf(text, length, "event: %s\ndata: %s\n\n", event, data);
  for (playground_connection *connection = server->connections, *next;
       connection; connection = next) {
    next = connection->next;
    if (connection->events) {
      playground_push(connection, text, (size_t)used);
    }
  }
  free(text);
}

static void on_watch_delay(uv_timer_t *timer) {
  playground_server *server = timer->data;
  if (playground_document_refresh(server->document)) {
    char *data = playground_revision_json(server);
    if (data) {
      playground_broadcast(server, "revision", data);
      free(data);
    }
  }
}

static void on_file_event(uv_fs_event_t *watcher, const char *file_name,
                          int events, int status) {
  (void)events;
  playground_server *server = watcher->data;
  if (status < 0) {
    return;
  }
  if (!file_name || strcmp(file_name, server->document->base) == 0) {
    uv_timer_start(&server->watch_delay, on_watch_delay, WATCH_DELAY_MS, 0);
  }
}

static void on_ping(uv_timer_t *timer) {
  playground_server *server = timer->data;
  for (playground_connection *connection = server->connections, *next;
       connection; connection = next) {
    next = connection->next;
    if (connection->events) {
      playground_push(connection, ": ping\n\n", 8);
    }
  }
}

static void on_connection(uv_stream_t *listener, int status) {
  playground_server *server = listener->data;
  if (status == 0 && !server->stopping) {
    playground_accept(server);
  }
}

static void stop(playground_server *server) {
  if (server->stopping) {
    return;
  }
  server->stopping = true;
  while (server->connections) {
    playground_close(server->connections);
  }
  uv_close((uv_handle_t *)&server->listener, NULL);
  if (server->watching) {
    uv_close((uv_handle_t *)&server->watcher, NULL);
  }
  uv_close((uv_handle_t *)&server->watch_delay, NULL);
  uv_close((uv_handle_t *)&server->ping, NULL);
  uv_close((uv_handle_t *)&server->interrupt, NULL);
  uv_close((uv_handle_t *)&server->terminate, NULL);
}

static void on_signal(uv_signal_t *signal, int number) {
  (void)number;
  stop(signal->data);
}

/* Binds the first free port from `first` (0: any) on 127.0.0.1. */
static int listen_on_loopback(playground_server *server, int first) {
  int tries = first == 0 ? 1 : PLAYGROUND_PORT_TRIES;
  int status = UV_EADDRINUSE;
  for (int i = 0; i < tries && first + i <= 65535; i++) {
    struct sockaddr_in address;
    uv_ip4_addr("127.0.0.1", first + i, &address);
    uv_tcp_init(server->loop, &server->listener);
    server->listener.data = server;
    status =
        uv_tcp_bind(&server->listener, (const struct sockaddr *)&address, 0);
    if (status == 0) {
      status = uv_listen((uv_stream_t *)&server->listener, 128, on_connection);
    }
    if (status == 0) {
      struct sockaddr_in bound;
      int size = sizeof bound;
      uv_tcp_getsockname(&server->listener, (struct sockaddr *)&bound, &size);
      server->port = ntohs(bound.sin_port);
      return 0;
    }
    uv_close((uv_handle_t *)&server->listener, NULL);
    uv_run(server->loop, UV_RUN_NOWAIT);
    if (status != UV_EADDRINUSE) {
      break;
    }
  }
  return status;
}

int playground_serve(const playground_options *options,
                     playground_document *document) {
  playground_server server = {
      .web_directory = options->web_directory,
      .document = document,
      .web_files = {{"anima.js", "text/javascript; charset=utf-8", NULL, 0},
                    {"anima.wasm", "application/wasm", NULL, 0}},
  };
  /* A peer that closes first must cost an EPIPE on the write, not the
   * process. */
  signal(SIGPIPE, SIG_IGN);
  uv_loop_t loop;
  if (uv_loop_init(&loop) != 0) {
    fprintf(stderr, "anima playground: cannot start an event loop\n");
    return 1;
  }
  server.loop = &loop;
  playground_http_settings(&server);
  int status = listen_on_loopback(&server, options->port);
  if (status != 0) {
    fprintf(stderr,
            "anima playground: cannot listen on 127.0.0.1 from port %d: %s\n",
            options->port, uv_strerror(status));
    uv_run(&loop, UV_RUN_DEFAULT);
    uv_loop_close(&loop);
    return 1;
  }
  uv_timer_init(&loop, &server.watch_delay);
  server.watch_delay.data = &server;
  uv_timer_init(&loop, &server.ping);
  server.ping.data = &server;
  uv_timer_start(&server.ping, on_ping, PING_MS, PING_MS);
  uv_signal_init(&loop, &server.interrupt);
  server.interrupt.data = &server;
  uv_signal_start(&server.interrupt, on_signal, SIGINT);
  uv_signal_init(&loop, &server.terminate);
  server.terminate.data = &server;
  uv_signal_start(&server.terminate, on_signal, SIGTERM);
  if (document->directory) {
    uv_fs_event_init(&loop, &server.watcher);
    server.watcher.data = &server;
    server.watching = uv_fs_event_start(&server.watcher, on_file_event,
                                        document->directory, 0) == 0;
    if (!server.watching) {
      fprintf(stderr,
              "anima playground: cannot watch %s; the page will not reload "
              "on changes made elsewhere\n",
              document->directory);
      uv_close((uv_handle_t *)&server.watcher, NULL);
    }
  }
  printf("anima playground: http://127.0.0.1:%d/ (%s%s)\n", server.port,
         document->name, document->read_only ? ", read-only" : "");
  printf("Press Ctrl+C to stop.\n");
  fflush(stdout);
  uv_run(&loop, UV_RUN_DEFAULT);
  int closed = uv_loop_close(&loop);
  for (size_t i = 0; i < 2; i++) {
    free(server.web_files[i].data);
  }
  return closed == 0 ? 0 : 1;
}
