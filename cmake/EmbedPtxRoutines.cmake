# Build step (cmake -P): the quick module's routines (src/cudadrv/ptx_routines.hpp) compiled by
# the toolkit's ptxas into a relocatable cubin for each architecture it knows, written into a
# C++ source that embeds them. Each routine is one instruction of ptx_routines.def as a PTX
# function; a quick module's PTX calls it instead (ptx_routines.cpp writes the calls, with the
# same names and parameters as here).
#   cmake -DPTXAS=... -DTABLE=.../ptx_routines.def -DOUT=....cpp -P EmbedPtxRoutines.cmake
# Without ptxas the table is empty: quick modules are then the plain -O0 JIT.
cmake_minimum_required(VERSION 3.20)

file(STRINGS "${TABLE}" rows REGEX "^UJIT_PTX_ROUTINE\\(")
set(functions "")
foreach(row IN LISTS rows)
  if(NOT row MATCHES "^UJIT_PTX_ROUTINE\\(\"([a-z0-9.]+)\", ([12]), \"([a-z0-9]+)\", ([0-9]+), ([0-9]+)\\)")
    message(FATAL_ERROR "EmbedPtxRoutines: cannot read '${row}' in ${TABLE}")
  endif()
  set(op "${CMAKE_MATCH_1}")
  set(arity "${CMAKE_MATCH_2}")
  set(type "${CMAKE_MATCH_3}")
  set(bits "${CMAKE_MATCH_4}")
  string(REPLACE "." "_" name "__ujit_${op}")
  set(params ".param .b${bits} __ujit_a")
  set(loads "\tld.param.${type} \t%v1, [__ujit_a];\n")
  set(sources "%v1")
  if(arity EQUAL 2)
    string(APPEND params ", .param .b${bits} __ujit_b")
    string(APPEND loads "\tld.param.${type} \t%v2, [__ujit_b];\n")
    string(APPEND sources ", %v2")
  endif()
  string(APPEND functions
    ".visible .func (.param .b${bits} __ujit_r) ${name}(${params})\n{\n\t.reg .${type} \t%v<4>;\n"
    "${loads}\t${op} \t%v3, ${sources};\n\tst.param.${type} \t[__ujit_r], %v3;\n\tret;\n}\n\n")
endforeach()

set(work "${OUT}.work")
file(MAKE_DIRECTORY "${work}")
# Newer architectures first fail on an older ptxas; each one this ptxas compiles is embedded.
set(archs sm_60 sm_61 sm_62 sm_70 sm_72 sm_75 sm_80 sm_86 sm_87 sm_89 sm_90 sm_100 sm_101 sm_103 sm_110 sm_120 sm_121)
set(entries "")
set(arrays "")
set(version "")
set(tool "none")
if(EXISTS "${PTXAS}")
  execute_process(COMMAND "${PTXAS}" --version OUTPUT_VARIABLE tool_text)
  string(REGEX MATCH "release [0-9.]+, V[0-9.]+" tool "${tool_text}")
  foreach(arch IN LISTS archs)
    # The newest PTX ISA version this ptxas reads (found with the first architecture it takes).
    set(candidates "${version}")
    if(NOT version)
      set(candidates 9.2 9.1 9.0 8.8 8.7 8.6 8.5 8.4 8.3 8.2 8.1 8.0 7.8 7.7 7.6 7.5 7.4 7.3 7.2 7.1 7.0)
    endif()
    foreach(v IN LISTS candidates)
      file(WRITE "${work}/${arch}.ptx" ".version ${v}\n.target ${arch}\n.address_size 64\n\n${functions}")
      execute_process(COMMAND "${PTXAS}" -c -O3 -arch=${arch} "${work}/${arch}.ptx" -o "${work}/${arch}.o"
                      RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
      if(rc EQUAL 0)
        set(version "${v}")
        file(READ "${work}/${arch}.o" hex HEX)
        string(LENGTH "${hex}" hex_length)
        math(EXPR size "${hex_length} / 2")
        string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
        string(APPEND arrays "const unsigned char k_${arch}[${size}] = {${bytes}};\n")
        string(APPEND entries "    {\"${arch}\", k_${arch}, ${size}},\n")
        break()
      endif()
    endforeach()
  endforeach()
endif()
if(entries STREQUAL "")
  set(entries "    {nullptr, nullptr, 0},\n")
endif()

file(WRITE "${OUT}.new"
"// Generated at build time by cmake/EmbedPtxRoutines.cmake from src/cudadrv/ptx_routines.def\n"
"// with ptxas ${tool} (PTX ISA ${version}): do not edit.\n"
"#include \"cudadrv/ptx_routines.hpp\"\n\n"
"namespace ujit::cuda::detail {\nnamespace {\n\n${arrays}\n"
"struct Embedded {\n    const char* arch;\n    const unsigned char* cubin;\n    unsigned long size;\n};\n"
"const Embedded kEmbedded[] = {\n${entries}};\n\n}  // namespace\n\n"
"std::string_view embedded_ptx_routines(std::string_view arch) {\n"
"    for (const Embedded& e : kEmbedded)\n"
"        if (e.arch && arch == e.arch) return {reinterpret_cast<const char*>(e.cubin), e.size};\n"
"    return {};\n}\n\n"
"const char* ptx_routines_compiler() { return \"${tool}\"; }\n\n"
"}  // namespace ujit::cuda::detail\n")
# Rewritten only when it changed: an unchanged table recompiles nothing.
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUT}.new" "${OUT}")
file(REMOVE_RECURSE "${work}" "${OUT}.new")
