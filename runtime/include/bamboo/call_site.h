// bamboo/call_site.h - where a program called the runtime, for the runtime's reports.
//
// Every bamboo::mpi call and olap region takes a trailing CallSite, defaulted to the caller's
// place: deadlock reports and fatal errors name it. A plain struct rather than
// std::source_location, so that C code can pass one too (file and line), and built from the
// builtins std::source_location itself uses, so that translations compile in C++17 too.
#pragma once

namespace bamboo {

struct CallSite {
  const char *File = "";
  unsigned Line = 0;

  // Used as a default argument (`CallSite W = CallSite::current()`), it gives the place of the
  // call that uses the default: its own default argument is evaluated there (GCC and Clang).
  static constexpr CallSite current(const char *File = __builtin_FILE(),
                                    unsigned Line = __builtin_LINE()) noexcept {
    return {File, Line};
  }
};

} // namespace bamboo
