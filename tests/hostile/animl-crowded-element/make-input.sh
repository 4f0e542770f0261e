# One <group> with an id and 60 000 more attributes, on line 2.
{
  printf '<anima version="0.1" name="crowded" grid="20">\n<group id="g"'
  i=0
  while [ $i -lt 60000 ]; do
    printf ' a%d="1"' $i
    i=$((i + 1))
  done
  printf '/>\n</anima>\n'
} >crowded.animl
