#pragma once
// nanopb encoding of whole messages to and from byte vectors, on the host.
#include <cstdint>
#include <vector>

#include <pb.h>

namespace aotbench::transport {

// Encodes `msg` (a nanopb struct described by `fields`); throws TransportError on failure.
std::vector<std::uint8_t> pb_encode_message(const pb_msgdesc_t* fields, const void* msg);
// Decodes into `msg`; returns false (with the struct in an unspecified state) on bad input.
bool pb_decode_message(const pb_msgdesc_t* fields, void* msg, const std::uint8_t* data, std::size_t len);

}  // namespace aotbench::transport
