// See codec.hpp.
#include "transport/rpc/codec.hpp"

#include <fmt/core.h>
#include <pb_decode.h>
#include <pb_encode.h>

#include "transport/link/link.hpp"

namespace aotbench::transport {

std::vector<std::uint8_t> pb_encode_message(const pb_msgdesc_t* fields, const void* msg) {
  std::size_t size = 0;
  if (!pb_get_encoded_size(&size, fields, msg))
    throw TransportError("cannot size a protocol message (field over its nanopb limit?)");
  std::vector<std::uint8_t> out(size);
  pb_ostream_t s = pb_ostream_from_buffer(out.data(), out.size());
  if (!pb_encode(&s, fields, msg))
    throw TransportError(fmt::format("cannot encode a protocol message: {}", PB_GET_ERROR(&s)));
  return out;
}

bool pb_decode_message(const pb_msgdesc_t* fields, void* msg, const std::uint8_t* data, std::size_t len) {
  pb_istream_t s = pb_istream_from_buffer(data, len);
  return pb_decode(&s, fields, msg);
}

}  // namespace aotbench::transport
