// The shared memory of the block a worker runs: dynamic shared memory first (sized by the launch),
// then every __shared__ declaration the block's threads reach, in the order they reach them.
//
// Memory handed out is filled with 0xFF bytes (NaN as float, -1 as int): never zero, so that reading
// a tile element no thread loaded gives a visibly wrong result, as the leftovers of a GPU would.
// In the asan flavour every region is surrounded by poisoned red zones, so that an access past the end
// of a __shared__ array (or of the dynamic shared memory) is reported where it happens.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <kitcpu/shared_memory.h>

namespace kitcpu::detail {

class SharedArena {
 public:
  SharedArena();
  ~SharedArena();
  SharedArena(const SharedArena&) = delete;
  SharedArena& operator=(const SharedArena&) = delete;

  // Starts a block: forgets the previous block's arrays and returns the poisoned dynamic shared memory.
  unsigned char* begin_block(std::size_t dynamic_bytes);

  // The storage of the declaration `key` for the current block, carved on first request; nullptr when
  // the block would need more shared memory than a GPU gives one block.
  void* static_storage(const SharedDeclaration* key, std::size_t size, std::size_t alignment);

  // The element at `address` as a student names it: "Mds[3][5]", "dynamic shared memory, byte 12";
  // empty when no array of the current block holds it.
  std::string element_name(const void* address) const;

  // Bytes of __shared__ arrays the current block has declared so far.
  std::size_t static_bytes() const { return static_bytes_; }
  std::size_t dynamic_bytes() const { return dynamic_bytes_; }
  bool contains(const void* address) const;
  // The whole arena, red zones included: where the access flavour looks for shared-memory addresses.
  const unsigned char* base() const { return base_; }
  std::size_t capacity() const { return capacity_; }

 private:
  struct Entry {
    const SharedDeclaration* key;
    unsigned char* storage;
    std::size_t size;
  };

  unsigned char* base_ = nullptr;
  unsigned char* dynamic_ = nullptr;
  std::size_t capacity_ = 0;
  std::size_t used_ = 0;           // bytes carved, red zones included
  std::size_t dynamic_bytes_ = 0;
  std::size_t static_bytes_ = 0;
  std::vector<Entry> entries_;
};

}  // namespace kitcpu::detail
