// bamboo/task.h - the coroutine type of task code.
//
// A function that can wait (for a message, a request, a collective) returns bamboo::Task<T> and
// is called with `co_await f(...)`. Tasks are lazy: the body starts when the task is awaited.
//
// Nested calls do not resume each other directly (symmetric transfer): GCC 12 does not turn
// that into a tail call at -O0, so a loop that awaits a short task would grow the native stack
// until it overflows. Instead every switch goes back to a per-thread trampoline loop that
// resumes the next coroutine, so the stack depth stays constant whatever the call depth.
//
// Thread safety: a Task is owned by one virtual rank and resumed by one worker at a time.
#pragma once

#include <coroutine>
#include <exception>
#include <optional>
#include <type_traits>
#include <utility>

namespace bamboo {

namespace detail {

// The coroutine that the running worker resumes next; empty when the running task has
// suspended (or finished) and control goes back to the scheduler.
std::coroutine_handle<> &nextToResume() noexcept;

// Resumes `h` and every coroutine it hands control to, until none is left.
void runTrampoline(std::coroutine_handle<> h);

// How deep the running rank's code is in awaited tasks: one more while a task it awaits runs.
// An olap region belongs to the function that opened it, at one depth (region.h).
void enterAwaitedTask() noexcept;
void leaveAwaitedTask() noexcept;

template <class Promise> struct FinalAwaiter {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<Promise> self) noexcept {
    // Hand control to whoever awaits us; a root task has no continuation and simply stops.
    if (self.promise().continuation)
      leaveAwaitedTask();
    nextToResume() = self.promise().continuation;
  }
  void await_resume() noexcept {}
};

class PromiseBase {
public:
  std::suspend_always initial_suspend() noexcept { return {}; }
  void unhandled_exception() noexcept { exception = std::current_exception(); }

  std::coroutine_handle<> continuation;
  std::exception_ptr exception;
};

} // namespace detail

// The ABI tag puts `[abi:bamboo_task]` into the mangled name of every function that returns a
// Task (GCC and Clang propagate a return type's tag). A caller compiled as if such a function
// were an ordinary one (`int f(int)`) then fails to link instead of running wrong
// (docs/multifile.md).
template <class T = void> class [[nodiscard]] [[gnu::abi_tag("bamboo_task")]] Task {
public:
  struct promise_type : detail::PromiseBase {
    Task get_return_object() noexcept {
      return Task(std::coroutine_handle<promise_type>::from_promise(*this));
    }
    detail::FinalAwaiter<promise_type> final_suspend() noexcept { return {}; }
    // By value, so that `co_return {a, b};` works as `return {a, b};` does.
    void return_value(T V)
      requires(!std::is_reference_v<T>)
    {
      Value.emplace(std::move(V));
    }
    void return_value(T V)
      requires(std::is_reference_v<T>)
    {
      Value.emplace(&V);
    }

    // A reference result is kept as a pointer.
    std::optional<std::conditional_t<std::is_reference_v<T>,
                                     std::add_pointer_t<std::remove_reference_t<T>>, T>>
        Value;
  };
  using Handle = std::coroutine_handle<promise_type>;

  Task() = default;
  explicit Task(Handle H) noexcept : H(H) {}
  Task(Task &&Other) noexcept : H(std::exchange(Other.H, {})) {}
  Task &operator=(Task &&Other) noexcept {
    if (this != &Other) {
      destroy();
      H = std::exchange(Other.H, {});
    }
    return *this;
  }
  Task(const Task &) = delete;
  Task &operator=(const Task &) = delete;
  ~Task() { destroy(); }

  // Awaiting a task starts it; the awaiting coroutine continues when it finishes.
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> Awaiting) noexcept {
    H.promise().continuation = Awaiting;
    detail::enterAwaitedTask();
    detail::nextToResume() = H;
  }
  T await_resume() { return result(); }

  // For the scheduler and tests: the root coroutine handle and the outcome.
  Handle handle() const noexcept { return H; }
  // Gives up ownership without destroying the coroutine (a task that can never resume).
  Handle release() noexcept { return std::exchange(H, {}); }
  bool done() const noexcept { return H && H.done(); }
  T result() {
    auto &P = H.promise();
    if (P.exception)
      std::rethrow_exception(P.exception);
    if constexpr (std::is_reference_v<T>)
      return static_cast<T>(**P.Value);
    else if constexpr (!std::is_void_v<T>)
      return std::move(*P.Value);
  }

private:
  void destroy() {
    if (H)
      H.destroy();
    H = {};
  }
  Handle H;
};

template <> struct Task<void>::promise_type : detail::PromiseBase {
  Task get_return_object() noexcept {
    return Task(std::coroutine_handle<promise_type>::from_promise(*this));
  }
  detail::FinalAwaiter<promise_type> final_suspend() noexcept { return {}; }
  void return_void() noexcept {}
};

// Runs a task to completion on the calling thread, outside any scheduler. Only for tasks that
// never wait on the runtime (tests, pure computations).
template <class T> T runSynchronously(Task<T> &&T0) {
  Task<T> Owned = std::move(T0);
  detail::runTrampoline(Owned.handle());
  return Owned.result();
}

// What awaiting a task gives, for operands that are never evaluated: the translator writes
// `sizeof(f(1))`, `decltype(f(1))`, `noexcept(f(1))` of a function f that became a task as
// `sizeof(bamboo::resultOf(f(1)))`, ..., so that they still see f's result type R (and its
// exception specification), not Task<R>. Declared only: it is never called.
template <class T> T resultOf(Task<T> &&) noexcept;
// A template's call that is a task call in one instantiation may be an ordinary one in
// another: then resultOf keeps its type (an lvalue stays an lvalue).
template <class T> T resultOf(T &&) noexcept;

} // namespace bamboo
