import StudioKit

/// FNV-1a over UTF-8 (`FNV1a`), for choices that must repeat, like a host's avatar color.
package func stableHash(_ text: String) -> UInt64 { FNV1a<UInt64>.hash(text) }
