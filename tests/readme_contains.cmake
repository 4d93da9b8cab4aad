# cmake -DREADME=README.md -DEXAMPLE=file.c -P readme_contains.cmake: fails unless README holds the file verbatim.
file(READ ${README} readme)
file(READ ${EXAMPLE} example)
string(STRIP "${example}" example)
string(FIND "${readme}" "${example}" position)
if(position EQUAL -1)
  message(FATAL_ERROR "${README} does not contain ${EXAMPLE} verbatim: update the README's example")
endif()
