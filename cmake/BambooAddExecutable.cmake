# bamboo_add_executable(<name> <source>... [TRANSLATOR_ARGS <arg>...])
#
# Like add_executable for an MPI C++ program, but every C++ source is translated by bamboo
# first (with #line, so compiler messages name the original files), compiled as C++20 and
# linked with the Bamboo runtime. Include directories and definitions set on <name> (with
# target_include_directories, target_compile_definitions) are seen by the translator too.
#
# Needs: BAMBOO_TRANSLATOR (the bamboo executable, or its target name) and a target
# Bamboo::runtime. BambooConfig.cmake sets both; Bamboo's own build does too.
include_guard(GLOBAL)

function(bamboo_add_executable name)
  cmake_parse_arguments(B "" "" "TRANSLATOR_ARGS" ${ARGN})
  set(translated)
  set(source_dirs)
  foreach(source IN LISTS B_UNPARSED_ARGUMENTS)
    get_filename_component(source "${source}" ABSOLUTE)
    get_filename_component(ext "${source}" LAST_EXT)
    if(NOT ext MATCHES "^\\.(cpp|cc|cxx|C|c\\+\\+)$")
      list(APPEND translated "${source}") # not C++: compiled as it is
      continue()
    endif()
    get_filename_component(file "${source}" NAME)
    get_filename_component(dir "${source}" DIRECTORY)
    list(APPEND source_dirs "${dir}")
    # Each translation keeps its file name: messages and deadlock reports name it.
    set(out "${CMAKE_CURRENT_BINARY_DIR}/bamboo/${name}/${file}")
    set(includes "$<TARGET_PROPERTY:${name},INCLUDE_DIRECTORIES>")
    set(defines "$<TARGET_PROPERTY:${name},COMPILE_DEFINITIONS>")
    add_custom_command(
      OUTPUT "${out}"
      COMMAND ${BAMBOO_TRANSLATOR} --line-directives -o "${out}" ${B_TRANSLATOR_ARGS} "${source}" --
              -std=c++20
              "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>"
              "$<$<BOOL:${defines}>:-D$<JOIN:${defines},;-D>>"
      DEPENDS "${source}" ${BAMBOO_TRANSLATOR}
      COMMENT "bamboo: translating ${file}"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    list(APPEND translated "${out}")
  endforeach()
  add_executable(${name} ${translated})
  list(REMOVE_DUPLICATES source_dirs)
  # Quoted includes of the translations are found beside the originals.
  target_include_directories(${name} PRIVATE ${source_dirs})
  target_compile_features(${name} PRIVATE cxx_std_20)
  target_link_libraries(${name} PRIVATE Bamboo::runtime)
endfunction()
