// zlib and brotli from Debian's zlib1g-dev and libbrotli-dev: the live protocol's batched
// bodies are zlib streams (protocol version 2) and brotli streams (version 3).
#include <zlib.h>
#include <brotli/decode.h>
#include <brotli/encode.h>
