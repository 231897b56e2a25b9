# cmake -DAOTBENCH=path/to/aotbench -DOUT=aotbench.1 -DVERSION=x.y.z -P ManPage.cmake
# The man page, made from the program's own --help (and every command's): the page never says
# anything the program does not.
execute_process(COMMAND "${AOTBENCH}" --help OUTPUT_VARIABLE main RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${AOTBENCH} --help failed (${rc})")
endif()

# troff: a backslash is \e, a line starting with . or ' would be a request.
function(roff text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "\n([.'])" "\n\\\\&\\1" text "\n${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The commands: the lines of the Subcommands section, two spaces in, a name then its description.
string(REGEX MATCH "Subcommands:\n(  [a-z][^\n]*\n)+" commands_block "${main}")
string(REGEX MATCHALL "\n  [a-z][a-z-]*" names "${commands_block}")

roff("${main}" main_roff)
set(page ".TH AOTBENCH 1 \"\" \"aotbench ${VERSION}\" \"User Commands\"
.SH NAME
aotbench \\- find the best way to compile an int8 neural network ahead of time for a Cortex-M board
.SH SYNOPSIS
.B aotbench
\\-\\-board \\fIBOARD\\fR \\-\\-model \\fIMODEL\\fR [\\fIoptions\\fR]
.br
.B aotbench
\\fICOMMAND\\fR [\\fIoptions\\fR]
.SH DESCRIPTION
The main job sweeps the AOT compilation variants of a model on a board, measures each, picks the best
within the board's limits and writes results.csv, results.json, report.html and best.toml;
.B aotbench codegen \\-\\-config best.toml \\-\\-out DIR
turns the winner into a C library for a firmware project.
.SH OPTIONS
.nf
${main_roff}
.fi
")
foreach(name IN LISTS names)
  string(STRIP "${name}" name)
  execute_process(COMMAND "${AOTBENCH}" ${name} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
  if(rc EQUAL 0)
    roff("${help}" help_roff)
    string(APPEND page ".SH \"aotbench ${name}\"\n.nf\n${help_roff}\n.fi\n")
  endif()
endforeach()
string(APPEND page ".SH FILES
.TP
.I ~/.cache/aotbench
the build cache ($AOTBENCH_CACHE_DIR, else $XDG_CACHE_HOME/aotbench); see \\fBaotbench cache\\fR
.TP
.I aotbench-results/
a sweep's run folders and history.sqlite, in the working directory unless \\-\\-out is given
.SH SEE ALSO
/usr/share/doc/aotbench/README.md
")
file(WRITE "${OUT}" "${page}")
