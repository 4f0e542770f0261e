# 20 000 circles with the same id, all on the first line.
{
  printf '<anima version="0.1" name="many" grid="20">'
  i=0
  while [ $i -lt 20000 ]; do
    printf '<circle id="c" center="1 1" r="1"/>'
    i=$((i + 1))
  done
  printf '</anima>\n'
} >many.animl
