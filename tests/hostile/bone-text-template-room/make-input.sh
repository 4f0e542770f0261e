# A text attachment whose template is 300 000 unclosed braces (slot "b"),
# and one whose pattern pads to 300 digits (slot "p").
awk 'BEGIN {
  braces = ""
  for (i = 0; i < 300000; i++) braces = braces "{"
  zeros = ""
  for (i = 0; i < 300; i++) zeros = zeros "0"
  printf "{\"format\": \"openbone\", \"version\": 1, \"skeleton\": {\"bones\": [{\"id\": \"root\", \"name\": \"root\"}], "
  printf "\"slots\": [{\"id\": \"b\", \"name\": \"b\", \"bone\": \"root\", \"attachment\": \"t\"}, "
  printf "{\"id\": \"p\", \"name\": \"p\", \"bone\": \"root\", \"attachment\": \"t\"}]}, "
  printf "\"skins\": [{\"id\": \"default\", \"name\": \"default\", \"attachments\": {"
  printf "\"b\": {\"t\": {\"type\": \"text\", \"text\": \"%s\", \"width\": 1, \"height\": 1}}, ", braces
  printf "\"p\": {\"t\": {\"type\": \"text\", \"text\": \"<{n:,%s}>\", \"width\": 1, \"height\": 1}}}}], ", zeros
  printf "\"stateMachines\": [{\"id\": \"m\", \"name\": \"m\", \"inputs\": [{\"id\": \"n\", \"name\": \"n\", \"type\": \"number\", \"default\": 1.5}], \"layers\": []}]}\n"
}' >case.obone
