// fiber.cpp - user-level threads on Boost.Context, with the sanitizers told of each switch.
#include "fiber.h"

#include "fatal_error.h"

#include <sys/mman.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#define BAMBOO_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BAMBOO_ASAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define BAMBOO_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define BAMBOO_TSAN 1
#endif
#endif

#ifdef BAMBOO_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
#ifdef BAMBOO_TSAN
#include <sanitizer/tsan_interface.h>
#endif

namespace bamboo::detail {
namespace ctx = boost::context;

namespace {
// Lines of a /proc file, or -1 if it cannot be read.
long countLines(const char *Path) {
  std::FILE *F = std::fopen(Path, "r");
  if (!F)
    return -1;
  long Lines = 0;
  for (int C; (C = std::fgetc(F)) != EOF;)
    Lines += C == '\n';
  std::fclose(F);
  return Lines;
}

long readNumber(const char *Path) {
  std::FILE *F = std::fopen(Path, "r");
  long N = -1;
  if (F && std::fscanf(F, "%ld", &N) != 1)
    N = -1;
  if (F)
    std::fclose(F);
  return N;
}

// The job ends with what ran out: a rank without a stack cannot run. Each stack is two of the
// kernel's mappings (the stack and its guard), so many ranks a process can reach the kernel's
// limit on mappings long before memory runs out (16,384 ranks in 4,096 simulated processes).
[[noreturn]] void stackNotMapped(std::size_t Bytes, int Error) {
  std::string Message = "cannot map a virtual rank's stack of " + std::to_string(Bytes / 1024) +
                        " KiB: " + std::strerror(Error);
  long Mappings = countLines("/proc/self/maps");
  long Limit = readNumber("/proc/sys/vm/max_map_count");
  if (Mappings >= 0 && Limit > 0 && Mappings + 16 >= Limit)
    Message += "; this process has " + std::to_string(Mappings) +
               " memory mappings, the kernel's limit (vm.max_map_count), and each rank's "
               "stack takes two: run fewer ranks a process (BAMBOO_VF) or raise the limit";
  else
    Message += " (BAMBOO_STACK_SIZE sets a stack's size; BAMBOO_VF the ranks a process)";
  fatalError(Message);
}

// A stack for Boost.Context: one mapping, committed by the kernel as it is touched, with a
// guard region below it. Boost's protected_fixedsize_stack guards one page only: a function
// whose frame is larger (a local array, or recursion the compiler inlined into one frame)
// steps over it into whatever lies below, another rank's stack perhaps. 64 KiB is skipped only
// by larger frames, which stack-clash protection probes page by page.
class GuardedStack {
public:
  static constexpr std::size_t GuardSize = 64 * 1024;

  GuardedStack(std::size_t Size, ctx::stack_context &Placed) : Size(Size), Placed(Placed) {}
  ctx::stack_context allocate() {
    std::size_t Page = ctx::stack_traits::page_size();
    std::size_t Usable = (Size + Page - 1) / Page * Page;
    void *Base = mmap(nullptr, Usable + GuardSize, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (Base == MAP_FAILED)
      stackNotMapped(Usable, errno);
    if (mprotect(Base, GuardSize, PROT_NONE) != 0) {
      int Error = errno;
      munmap(Base, Usable + GuardSize);
      stackNotMapped(Usable, Error);
    }
#ifdef BAMBOO_ASAN
    // The kernel may hand out the memory of an ended fiber's stack again, whose last frames
    // never returned: their redzones are still poisoned in ASan's shadow.
    __asan_unpoison_memory_region(static_cast<char *>(Base) + GuardSize, Usable);
#endif
    Placed.size = Usable + GuardSize;
    Placed.sp = static_cast<char *>(Base) + Placed.size;
    return Placed;
  }
  void deallocate(ctx::stack_context &S) noexcept {
    munmap(static_cast<char *>(S.sp) - S.size, S.size);
  }

private:
  std::size_t Size;
  ctx::stack_context &Placed;
};
} // namespace

inline void Fiber::arrived() {
#ifdef BAMBOO_ASAN
  __sanitizer_finish_switch_fiber(FakeStack, &ResumerBottom, &ResumerSize);
#endif
}

inline void Fiber::leaving(bool Ending) {
#ifdef BAMBOO_ASAN
  // A fiber that ends has no fake stack to keep.
  __sanitizer_start_switch_fiber(Ending ? nullptr : &FakeStack, ResumerBottom, ResumerSize);
#else
  (void)Ending;
#endif
#ifdef BAMBOO_TSAN
  // TSan keeps a shadow call stack per fiber: an ending fiber still returns through its own
  // frames after this, so it stays current until the resumer is back (resume()).
  if (!Ending)
    __tsan_switch_to_fiber(TsanResumer, 0);
#endif
}

Fiber::Fiber(std::size_t Size, std::function<void()> Run) : Body(std::move(Run)) {
  ctx::stack_context Placed;
  Context = ctx::fiber(std::allocator_arg, GuardedStack(Size, Placed),
                       [this](ctx::fiber &&From) { return start(std::move(From)); });
  GuardSize = GuardedStack::GuardSize;
  StackSize = Placed.size - GuardSize;
  StackBottom = static_cast<const char *>(Placed.sp) - StackSize;
#ifdef BAMBOO_TSAN
  TsanFiber = __tsan_create_fiber(0);
#endif
}

Fiber::~Fiber() {
#ifdef BAMBOO_TSAN
  __tsan_destroy_fiber(TsanFiber);
#endif
}

void Fiber::abandon() {
  // Kept reachable on purpose: not a leak, and never unwound.
  static auto *Abandoned = new std::vector<ctx::fiber>;
  Abandoned->push_back(std::move(Context));
  Done = true;
}

ctx::fiber Fiber::start(ctx::fiber &&From) {
  Resumer = std::move(From);
  arrived();
  try {
    Body();
  } catch (const ctx::detail::forced_unwind &) {
    throw; // Boost unwinding a fiber destroyed while suspended
  } catch (...) {
    std::terminate(); // Body promised to keep its exceptions
  }
  Done = true;
  leaving(/*Ending=*/true);
  return std::move(Resumer);
}

void Fiber::resume() {
#ifdef BAMBOO_ASAN
  __sanitizer_start_switch_fiber(&ResumerFakeStack, StackBottom, StackSize);
#endif
#ifdef BAMBOO_TSAN
  TsanResumer = __tsan_get_current_fiber();
  __tsan_switch_to_fiber(TsanFiber, 0);
#endif
  Context = std::move(Context).resume();
#ifdef BAMBOO_ASAN
  __sanitizer_finish_switch_fiber(ResumerFakeStack, nullptr, nullptr);
#endif
#ifdef BAMBOO_TSAN
  // A fiber that ended returned through its own frames as itself (leaving); only now is the
  // resumer current again.
  if (Done)
    __tsan_switch_to_fiber(TsanResumer, 0);
#endif
}

void Fiber::suspend() {
  leaving(/*Ending=*/false);
  Resumer = std::move(Resumer).resume();
  arrived();
}

} // namespace bamboo::detail
