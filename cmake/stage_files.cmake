# cmake -DSOURCE_DIR=S -DSTAGE_DIR=D -DFILES="a|b|..." -P stage_files.cmake (from StageData.cmake):
# copies each file of S listed in FILES to the same relative path under D when it differs, removes
# staged files no longer listed, then rewrites D/stamp, last, so a watcher sees one change per build.
string(REPLACE "|" ";" files "${FILES}")
set(wanted "")
foreach(src IN LISTS files)
  file(RELATIVE_PATH rel "${SOURCE_DIR}" "${src}")
  list(APPEND wanted "${STAGE_DIR}/${rel}")
  get_filename_component(dir "${STAGE_DIR}/${rel}" DIRECTORY)
  file(COPY "${src}" DESTINATION "${dir}")  # skipped where the copy has the same time stamp
endforeach()
file(GLOB_RECURSE staged LIST_DIRECTORIES false "${STAGE_DIR}/*")
list(REMOVE_ITEM staged "${STAGE_DIR}/stamp" ${wanted})
if(staged)
  file(REMOVE ${staged})
endif()
string(TIMESTAMP now "%Y-%m-%dT%H:%M:%S.%f")
file(WRITE "${STAGE_DIR}/stamp" "staged ${now}\n")
