# Writes a gzipped man page for a program from its --help and --version with help2man. For a
# CLI11 program with subcommands (tilestudio-cli) it adds a COMMANDS section holding every
# (nested) subcommand's --help, so the page documents all options and examples.
# Inputs: PROGRAM (path), NAME (installed name), HELP2MAN, GZIP, OUT (.1.gz), DESCRIPTION,
# EXTRA (a help2man include file with the static sections), SUBCOMMANDS (ON/OFF).
cmake_policy(VERSION 3.16)
get_filename_component(bindir "${PROGRAM}" DIRECTORY)
# Run by name from its own folder so that usage lines say "tilestudio-cli", not a build path.
set(run ${CMAKE_COMMAND} -E env "PATH=${bindir}:$ENV{PATH}" QT_QPA_PLATFORM=offscreen)

function(roff_escape text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Appends ".SS tilestudio-cli CMD..." sections for the subcommands listed in `help`.
function(add_subcommands prefix help)
  set(sections "")
  set(nested "" PARENT_SCOPE)
  string(FIND "${help}" "\nSubcommands:\n" at)
  if(at EQUAL -1)
    return()
  endif()
  math(EXPR at "${at} + 13")  # past "\nSubcommands:"
  string(SUBSTRING "${help}" ${at} -1 block)
  string(FIND "${block}" "\n\n" end)  # the list ends at the first empty line
  string(SUBSTRING "${block}" 0 ${end} block)
  string(REGEX MATCHALL "\n  [a-z][a-z0-9-]*" names "${block}")
  foreach(name IN LISTS names)
    string(STRIP "${name}" name)
    set(cmd ${prefix} ${name})
    execute_process(COMMAND ${run} ${NAME} ${cmd} --help OUTPUT_VARIABLE sub RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${NAME} ${cmd} --help failed (${rc})")
    endif()
    roff_escape("${sub}" escaped)
    string(REPLACE ";" " " title "${cmd}")
    string(APPEND sections ".SS \"${NAME} ${title}\"\n.nf\n${escaped}.fi\n")
    add_subcommands("${cmd}" "${sub}")
    string(APPEND sections "${nested}")
  endforeach()
  set(nested "${sections}" PARENT_SCOPE)
endfunction()

file(READ "${EXTRA}" include)
if(SUBCOMMANDS)
  execute_process(COMMAND ${run} ${NAME} --help OUTPUT_VARIABLE top RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NAME} --help failed (${rc})")
  endif()
  set(nested "")
  add_subcommands("" "${top}")
  string(APPEND include "\n[COMMANDS]\n${nested}")
endif()
get_filename_component(outdir "${OUT}" DIRECTORY)
string(REGEX REPLACE "\\.gz$" "" page "${OUT}")
file(WRITE "${page}.include" "${include}")
execute_process(
  COMMAND ${run} ${HELP2MAN} --no-info --section 1 --name "${DESCRIPTION}" --include "${page}.include"
          --output "${page}" ${NAME}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed for ${NAME} (${rc})")
endif()
execute_process(COMMAND ${GZIP} -9nf "${page}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip failed for ${page}")
endif()
