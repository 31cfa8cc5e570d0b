# bamboo_add_executable(<name> <source>... [TRANSLATOR_ARGS <arg>...])
#
# Like add_executable for an MPI C or C++ program, but its sources are translated by bamboo
# first, with #line so that compiler messages name the original files; then compiled (C++ in
# the target's standard, C++17 at least, as bamboo-cxx does; C as C: docs/c.md) and linked with
# the Bamboo runtime. Include directories and
# definitions set on <name> (with target_include_directories, target_compile_definitions) are
# seen by the translator too. The translations, with the user headers they include, go to a
# mirrored tree under <binary dir>/bamboo/<name> (C++) and <binary dir>/bamboo-c/<name> (C: a
# header shared by C and C++ files translates differently for each); a depfile lists every file
# read, so editing a header translates again.
#
# Needs: BAMBOO_TRANSLATOR (the bamboo executable, or its target name) and a target
# Bamboo::runtime. BambooConfig.cmake sets both; Bamboo's own build does too.
include_guard(GLOBAL)

# The deepest directory that holds every path of <paths> (absolute), into <out>.
function(_bamboo_common_root out)
  set(root "")
  foreach(path IN LISTS ARGN)
    get_filename_component(dir "${path}" DIRECTORY)
    if(root STREQUAL "")
      set(root "${dir}")
      continue()
    endif()
    while(TRUE)
      string(FIND "${dir}/" "${root}/" at)
      if(at EQUAL 0 OR root STREQUAL "/")
        break()
      endif()
      get_filename_component(root "${root}" DIRECTORY)
    endwhile()
  endforeach()
  set(${out} "${root}" PARENT_SCOPE)
endfunction()

# Translates <sources> (all C, or all C++) of target <name> into <outdir>, mirrored below
# <root>; the translations' paths into <out>.
function(_bamboo_translate name outdir root sources language_flags out)
  set(translated)
  foreach(source IN LISTS sources)
    file(RELATIVE_PATH relative "${root}" "${source}")
    list(APPEND translated "${outdir}/${relative}")
  endforeach()
  set(includes "$<TARGET_PROPERTY:${name},INCLUDE_DIRECTORIES>")
  # The translator reads the <mpi.h> that the program compiles with, whichever MPI the
  # translator was built with (it falls back on that one's).
  set(mpi_includes)
  if(TARGET MPI::MPI_C)
    get_target_property(mpi_includes MPI::MPI_C INTERFACE_INCLUDE_DIRECTORIES)
  endif()
  set(mpi_flags)
  foreach(dir IN LISTS mpi_includes)
    list(APPEND mpi_flags -isystem "${dir}")
  endforeach()
  set(defines "$<TARGET_PROPERTY:${name},COMPILE_DEFINITIONS>")
  add_custom_command(
    OUTPUT ${translated}
    COMMAND ${BAMBOO_TRANSLATOR} --line-directives --root "${root}" --output-dir "${outdir}"
            --depfile "${outdir}/bamboo.d" ${B_TRANSLATOR_ARGS} ${sources} --
            ${language_flags} -Wno-everything ${mpi_flags}
            "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>"
            "$<$<BOOL:${defines}>:-D$<JOIN:${defines},;-D>>"
    DEPENDS ${sources} ${BAMBOO_TRANSLATOR}
    DEPFILE "${outdir}/bamboo.d"
    COMMENT "bamboo: translating ${name}"
    COMMAND_EXPAND_LISTS
    VERBATIM)
  set(${out} ${translated} PARENT_SCOPE)
endfunction()

function(bamboo_add_executable name)
  cmake_parse_arguments(B "" "" "TRANSLATOR_ARGS" ${ARGN})
  set(cxx_sources)
  set(c_sources)
  set(others) # neither: compiled as they are
  foreach(source IN LISTS B_UNPARSED_ARGUMENTS)
    get_filename_component(source "${source}" ABSOLUTE)
    get_filename_component(ext "${source}" LAST_EXT)
    if(ext MATCHES "^\\.(cpp|cc|cxx|C|c\\+\\+)$")
      list(APPEND cxx_sources "${source}")
    elseif(ext STREQUAL ".c")
      list(APPEND c_sources "${source}")
    else()
      list(APPEND others "${source}")
    endif()
  endforeach()

  # Each translation keeps its path below the sources' common directory, as bamboo --root
  # lays it out: messages and deadlock reports name the user's files.
  _bamboo_common_root(root ${cxx_sources} ${c_sources})
  set(translated)
  if(cxx_sources)
    # The translator reads the standard the target compiles in: CXX_STANDARD in the dialect
    # CXX_EXTENSIONS gives (GNU unless it is off), or without one the compilers' default.
    set(std "$<TARGET_PROPERTY:${name},CXX_STANDARD>")
    set(ext "$<TARGET_PROPERTY:${name},CXX_EXTENSIONS>")
    set(dialect "$<IF:$<OR:$<STREQUAL:${ext},>,$<BOOL:${ext}>>,gnu,c>")
    _bamboo_translate(${name} "${CMAKE_CURRENT_BINARY_DIR}/bamboo/${name}" "${root}"
                      "${cxx_sources}" "$<$<BOOL:${std}>:-std=${dialect}++${std}>"
                      cxx_translated)
    list(APPEND translated ${cxx_translated})
  endif()
  if(c_sources)
    _bamboo_translate(${name} "${CMAKE_CURRENT_BINARY_DIR}/bamboo-c/${name}" "${root}"
                      "${c_sources}" "" c_translated)
    list(APPEND translated ${c_translated})
  endif()
  add_executable(${name} ${translated} ${others})
  target_compile_features(${name} PRIVATE cxx_std_17) # the runtime's headers
  target_link_libraries(${name} PRIVATE Bamboo::runtime)
endfunction()
