// slot_handle.h - MPI handle values for the slots of a runtime table, and back.
//
// MPI's handle types are opaque: integers in MPICH and its derivatives, pointers in Open MPI.
// The runtime's handles must be values MPI itself never makes, so that one given to MPI fails
// loudly rather than meaning something else:
// - an integer handle is Base + slot with a Base whose top bits MPICH gives no object of the
//   handle's type (MPICH keeps the kind of object in a handle's top bits);
// - a pointer handle is an odd address outside any address space a process can map: no MPI
//   object lives there (they are aligned), and any use of it faults. The top byte is not zero
//   either, for CPUs that ignore it in addresses (AArch64).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>

namespace bamboo::detail {

template <class Handle, std::uint32_t IntegerBase> struct SlotHandles {
  static constexpr std::size_t MaxSlots = 0x00ffffff;

  static Handle of(std::size_t Slot) {
    if constexpr (std::is_pointer_v<Handle>) {
      static_assert(sizeof(Handle) == 8, "pointer handles need a 64-bit address space");
      return reinterpret_cast<Handle>(PointerBase + 2 * static_cast<std::uintptr_t>(Slot));
    } else {
      return static_cast<Handle>(IntegerBase + Slot);
    }
  }

  // The slot of a handle made by of(), or nothing for any other value.
  static std::optional<std::size_t> slotOf(Handle H) {
    if constexpr (std::is_pointer_v<Handle>) {
      auto Value = reinterpret_cast<std::uintptr_t>(H);
      if (Value < PointerBase || (Value - PointerBase) % 2 != 0 ||
          (Value - PointerBase) / 2 >= MaxSlots)
        return std::nullopt;
      return (Value - PointerBase) / 2;
    } else {
      auto Value = static_cast<std::int64_t>(H) - static_cast<std::int64_t>(IntegerBase);
      if (Value < 0 || Value >= static_cast<std::int64_t>(MaxSlots))
        return std::nullopt;
      return static_cast<std::size_t>(Value);
    }
  }

private:
  static constexpr std::uintptr_t PointerBase =
      sizeof(std::uintptr_t) == 8 ? static_cast<std::uintptr_t>(0x7b7b000000000001ull) : 0;
};

} // namespace bamboo::detail
