#!/bin/sh
# many.obone: 30 000 root bones all named "b" (about 0.75 MiB, under the
# 1 MiB document limit); script.txt: 10 sample lines.
awk 'BEGIN {
  printf "{\"format\":\"openbone\",\"version\":1,\"skeleton\":{\"bones\":["
  for (i = 0; i < 30000; i++)
    printf "%s{\"id\":\"%d\",\"name\":\"b\"}", (i ? "," : ""), i
  printf "]},\"skins\":[{\"id\":\"default\",\"name\":\"default\"}],\"animations\":[],\"events\":[],\"images\":[]}\n"
}' >many.obone
awk 'BEGIN { for (i = 0; i < 10; i++) print "sample" }' >script.txt
