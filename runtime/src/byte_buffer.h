// byte_buffer.h - memory for bytes that are written before they are read: frames, packed
// payloads.
//
// std::vector<std::byte> zeroes what it grows by (a memset of every frame on both sides), and
// with an allocator that skips that, it moves its bytes one construct() at a time when it grows
// (a frame gathering a root's sends grew that way to 11% of the root's time). This one leaves
// new bytes as they are and grows by memcpy.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <span>
#include <utility>

namespace bamboo::detail {

class ByteBuffer {
public:
  ByteBuffer() = default;
  explicit ByteBuffer(std::size_t Size)
      : Bytes(std::make_unique_for_overwrite<std::byte[]>(Size)), Size(Size), Capacity(Size) {}
  ByteBuffer(ByteBuffer &&Other) noexcept
      : Bytes(std::move(Other.Bytes)), Size(std::exchange(Other.Size, 0)),
        Capacity(std::exchange(Other.Capacity, 0)) {}
  ByteBuffer &operator=(ByteBuffer &&Other) noexcept {
    Bytes = std::move(Other.Bytes);
    Size = std::exchange(Other.Size, 0);
    Capacity = std::exchange(Other.Capacity, 0);
    return *this;
  }
  ByteBuffer(const ByteBuffer &) = delete; // a frame is large: copies are written out
  ByteBuffer &operator=(const ByteBuffer &) = delete;

  std::byte *data() { return Bytes.get(); }
  const std::byte *data() const { return Bytes.get(); }
  std::size_t size() const { return Size; }
  std::size_t capacity() const { return Capacity; }
  bool empty() const { return Size == 0; }
  std::span<const std::byte> bytes() const { return {data(), Size}; }
  friend bool operator==(const ByteBuffer &A, const ByteBuffer &B) {
    return A.Size == B.Size && (A.Size == 0 || std::memcmp(A.data(), B.data(), A.Size) == 0);
  }
  // Bytes added are left as they were; the memory is kept.
  void resize(std::size_t NewSize) {
    if (NewSize > Capacity)
      grow(std::max(NewSize, 2 * Capacity));
    Size = NewSize;
  }
  void clear() { Size = 0; }

private:
  void grow(std::size_t NewCapacity) {
    auto New = std::make_unique_for_overwrite<std::byte[]>(NewCapacity);
    if (Size)
      std::memcpy(New.get(), Bytes.get(), Size);
    Bytes = std::move(New);
    Capacity = NewCapacity;
  }

  std::unique_ptr<std::byte[]> Bytes;
  std::size_t Size = 0, Capacity = 0;
};

} // namespace bamboo::detail
