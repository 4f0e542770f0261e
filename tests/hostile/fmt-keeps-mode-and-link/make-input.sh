# A document that is not canonical (two spaces inside the start tag), with
# mode 640, reached through a symbolic link.
printf '<anima version="0.1"  name="t" grid="20"><circle id="c" center="1 1" r="1" fill="#000"/></anima>\n' >doc.animl
chmod 640 doc.animl
ln -s doc.animl link.animl
