import Foundation

/// The part of a file the reader is looking at: bytes `begin..<end` of a buffer that is
/// refilled a chunk at a time and compacted when the tail runs out of room.
///
/// Memory stays at about two chunks plus the largest element the limits allow, however big
/// the file: the reader moves `begin` past everything it has finished with, and `fill()`
/// drops those bytes before reading more.
final class DanmakuByteWindow {
    let handle: FileHandle
    private let chunkBytes: Int
    private(set) var storage: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// The first byte still needed.
    var begin = 0
    /// One past the last byte read.
    private(set) var end = 0
    private(set) var isAtEnd = false
    /// Bytes read so far, for the empty-file check.
    private(set) var totalRead = 0
    /// Set when a read failed after the file was opened; the reader then stops.
    private(set) var readFailure: String?

    init(handle: FileHandle, chunkBytes: Int, retainedBytes: Int) {
        self.handle = handle
        self.chunkBytes = chunkBytes
        // Room for the format-detection prefix too, so that reading it does not grow the buffer.
        capacity = max(2 * chunkBytes, DanmakuFileFormat.detectionWindow + chunkBytes) + retainedBytes
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
        try? handle.close()
    }

    var available: Int { end - begin }

    /// Where `storage[index]` is in the file.
    func fileOffset(of index: Int) -> Int { totalRead - (end - index) }

    /// Reads the next chunk after the bytes already held. Returns how far the held bytes
    /// moved towards the start of the buffer, so that the caller can shift its positions.
    ///
    /// - Complexity: O(chunk + held bytes); the move happens at most once per chunk.
    func fill() -> Int {
        guard !isAtEnd else { return 0 }
        var shift = 0
        if capacity - end < chunkBytes {
            shift = begin
            if shift > 0 {
                (storage).update(from: storage + begin, count: end - begin)
                end -= begin
                begin = 0
            }
            if capacity - end < chunkBytes {
                // Held bytes are bounded by the element limit, so this happens only once or
                // twice, and only with limits smaller than a chunk.
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: end + 2 * chunkBytes)
                grown.update(from: storage, count: end)
                storage.deallocate()
                storage = grown
                capacity = end + 2 * chunkBytes
            }
        }
        // read(2) straight into the buffer: no copy, and a failure in the system's own words
        // ("Input/output error") rather than Foundation's error domain and number.
        var count: Int
        repeat { count = read(handle.fileDescriptor, storage + end, chunkBytes) } while count < 0 && errno == EINTR
        if count < 0 {
            readFailure = String(cString: strerror(errno))
            isAtEnd = true
        } else if count == 0 {
            isAtEnd = true
        } else {
            end += count
            totalRead += count
        }
        return shift
    }
}
