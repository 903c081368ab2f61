import Foundation
import StudioFoundation

/// A danmaku file or recording read once into a time index, its records decoded when they
/// are asked for.
///
/// ```swift
/// let index = try DanmakuFileIndex(contentsOf: url)
/// let first = index.position(after: 60)           // the first record after one minute
/// if let record = index.record(at: first) { … }  // read and decoded now
/// ```
///
/// Reading keeps, for each record, only its time and where its element is (16 bytes,
/// `DanmakuIndexEntry`), checked as far as its time and mode; its text, its sender and its
/// mode-7 script stay in the file until `record(at:)` reads them back with one `pread`. A
/// five-million-line recording then costs 80 MB of index instead of the gigabyte its
/// records take as values, and reading it costs a scan instead of a decode.
///
/// An element that passes the scan can still be bad once decoded (a broken entity, a
/// mode-7 script that is not JSON). `record(at:)` then returns nil and counts it in
/// `summary`, with its line and column, once however often it is asked for.
///
public final class DanmakuFileIndex: Sendable {
    public let url: URL
    package let format: DanmakuFileFormat
    package let limits: DanmakuImportLimits
    /// Every record, in time order and file order among equal times.
    package let entries: [DanmakuIndexEntry]
    /// The bytes read: the file's size when it was read (a file still growing is read up to
    /// where it was when the reading reached its end).
    package let fileBytes: Int

    private let fileName: String
    /// Line and column at element starts at least `checkpointSpacing` bytes apart, so that the
    /// position of a record found bad later costs a short read, not a recount of the file.
    private let checkpoints: [(offset: Int, position: DanmakuSourcePosition)]
    private static let checkpointSpacing = 64 * 1024

    private let descriptor: Int32
    /// What decoding a record changes: the decoder, its read buffer, the summary and which
    /// records were decoded before. Records are decoded from any thread (the feed's, the
    /// loop's), one at a time.
    private struct Decoding {
        var decoder: DanmakuElementDecoder
        var buffer: UnsafeMutableRawBufferPointer
        var summary: DanmakuImportSummary
        /// One bit per entry: decoded before, so a record is counted (cut, skipped) once.
        var decoded: [UInt64]
    }

    private let decoding: Locked<Decoding>

    /// Reads `url` (its format detected, or `format`) into a time index.
    ///
    /// - Throws: `DanmakuImportError` naming the file when it is missing, unreadable, empty,
    ///   not such a file, or holds more records than `limits.indexBytes` allows.
    /// - Complexity: O(file size) to scan, O(n log n) to order n records when the file is not
    ///   in time order already; 16 bytes a record, and the reader's two chunks.
    public init(contentsOf url: URL, format: DanmakuFileFormat? = nil, limits: DanmakuImportLimits = .standard) throws {
        let reader = try DanmakuFileReader(contentsOf: url, format: format, limits: limits)
        let limit = limits.indexBytes / MemoryLayout<DanmakuIndexEntry>.stride
        var entries: [DanmakuIndexEntry] = []
        var checkpoints: [(offset: Int, position: DanmakuSourcePosition)] = [(0, DanmakuSourcePosition(line: 1, column: 1))]
        var ordered = true
        while let (entry, position) = reader.nextEntry() {
            guard entries.count < limit else {
                throw DanmakuImportError.indexTooLarge(
                    reader.givenPath, fileBytes: Self.size(of: reader), at: position, records: entries.count,
                    limit: limits.indexBytes)
            }
            if entry.offset - checkpoints[checkpoints.count - 1].offset >= Self.checkpointSpacing {
                checkpoints.append((entry.offset, position))
            }
            if let last = entries.last, entry < last { ordered = false }
            entries.append(entry)
        }
        // Recordings are written as things happen, so only Bilibili's files (listed by id)
        // usually need the sort.
        if !ordered { entries.sort() }
        let descriptor = fcntl(reader.window.handle.fileDescriptor, F_DUPFD_CLOEXEC, 0)
        guard descriptor >= 0 else {
            throw DanmakuImportError.unreadable(reader.givenPath, reason: String(cString: strerror(errno)))
        }
        self.url = url
        self.format = reader.format
        self.limits = limits
        self.entries = entries
        self.fileBytes = reader.window.totalRead
        self.fileName = reader.fileName
        self.checkpoints = checkpoints
        self.descriptor = descriptor
        // Texts are cut when they are decoded, here, not while scanning.
        var summary = reader.summary
        summary.textsCut = 0
        summary.pathsCut = 0
        decoding = Locked(
            Decoding(
                decoder: DanmakuElementDecoder(format: reader.format, limits: limits),
                buffer: .allocate(byteCount: 4096, alignment: 16), summary: summary,
                decoded: Array(repeating: 0, count: (entries.count + 63) / 64)))
    }

    deinit {
        close(descriptor)
        decoding.withLock { $0.buffer.deallocate() }
    }

    /// The file's size as `stat` gives it now, or the bytes read so far when it cannot.
    private static func size(of reader: DanmakuFileReader) -> Int {
        var info = stat()
        return fstat(reader.window.handle.fileDescriptor, &info) == 0 ? Int(info.st_size) : reader.window.totalRead
    }

    /// Records by kind, elements skipped and why. Records found bad when decoded move from
    /// the counts to the skipped as `record(at:)` meets them.
    package var summary: DanmakuImportSummary { decoding.withLock { $0.summary } }

    public var count: Int { entries.count }

    /// The index of the first record later than `time`.
    /// - Complexity: O(log n).
    package func position(after time: Double) -> Int {
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].time <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The record at `index`, read from the file and decoded; nil when it turns out bad (it
    /// is then counted in `summary`) or the file no longer holds it.
    ///
    /// - Complexity: one `pread` of the element, and its decoding.
    public func record(at index: Int) -> DanmakuFileRecord? {
        let entry = entries[index]
        return decoding.withLock { d in
            let first = d.decoded[index / 64] & (1 << UInt64(index % 64)) == 0
            d.decoded[index / 64] |= 1 << UInt64(index % 64)
            let cutBefore = (d.decoder.textsCut, d.decoder.pathsCut)
            let outcome = decode(entry, &d)
            if !first {
                (d.decoder.textsCut, d.decoder.pathsCut) = cutBefore
                return try? outcome.get()
            }
            d.summary.textsCut = d.decoder.textsCut
            d.summary.pathsCut = d.decoder.pathsCut
            switch outcome {
            case .success(let record): return record
            case .failure(let failure):
                let position = self.position(of: entry, &d)
                d.summary.uncount(failure.kind)
                d.summary.skip(
                    DanmakuImportIssue(file: fileName, position: position, reason: failure.reason, message: failure.message),
                    keeping: limits.keptIssues)
                return nil
            }
        }
    }

    /// Why a record that passed the scan is no record after all.
    private struct LateFailure: Error {
        var kind: DanmakuRecordKind
        var reason: DanmakuSkipReason
        var message: String
    }

    /// Reads the element back and decodes it, with the decoding state `d` (held locked).
    private func decode(_ entry: DanmakuIndexEntry, _ d: inout Decoding) -> Result<DanmakuFileRecord, LateFailure> {
        guard let bytes = read(count: entry.length, at: entry.offset, into: &d.buffer) else {
            return .failure(
                LateFailure(
                    kind: entry.kind, reason: .readFailed,
                    message: "the file changed after it was read: its record \(entry.length) bytes at offset \(entry.offset) is gone"))
        }
        let length = entry.length
        var nameEnd = 1
        while nameEnd < length && !XMLBytes.endsName(bytes[nameEnd]) { nameEnd += 1 }
        guard let name = ElementName.known.first(where: { XMLStartTag.equals(bytes, 1, nameEnd, $0.literal) }),
            let kind = ElementName(bytes: name.bytes).recordKind
        else {
            return .failure(LateFailure(kind: entry.kind, reason: .readFailed, message: "the file changed after it was read"))
        }
        var scanner = XMLNodeScanner(kind: .element, at: 0, recordName: name.bytes)
        guard case .complete(let end) = scanner.scan(bytes, end: length, atEOF: true), end == length else {
            return .failure(LateFailure(kind: kind, reason: .readFailed, message: "the file changed after it was read"))
        }
        let element = ScannedElement(
            start: 0, tagEnd: scanner.contentStart >= 0 ? scanner.contentStart : end,
            contentStart: scanner.contentStart >= 0 ? scanner.contentStart : end,
            contentEnd: scanner.endTagStart >= 0 ? scanner.endTagStart : end)
        if let failure = d.decoder.parseTag(bytes, element) {
            return .failure(LateFailure(kind: kind, reason: failure.reason, message: failure.message))
        }
        return d.decoder.decode(kind, bytes, element, at: .unknown).mapError {
            LateFailure(kind: kind, reason: $0.reason, message: $0.message)
        }
    }

    /// `count` bytes from `offset`, into `buffer`; nil when the file holds fewer now.
    private func read(count: Int, at offset: Int, into buffer: inout UnsafeMutableRawBufferPointer) -> UnsafePointer<UInt8>? {
        if buffer.count < count {
            buffer.deallocate()
            buffer = .allocate(byteCount: max(count, 2 * buffer.count), alignment: 16)
        }
        var done = 0
        while done < count {
            let got = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { return nil }
            done += got
        }
        return UnsafePointer(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
    }

    /// The line and column where `entry`'s element starts, counted from the checkpoint
    /// before it, with the decoding state `d` (held locked), after `decode`, whose buffer it
    /// reuses.
    private func position(of entry: DanmakuIndexEntry, _ d: inout Decoding) -> DanmakuSourcePosition {
        var lo = 0, hi = checkpoints.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if checkpoints[mid].offset <= entry.offset { lo = mid } else { hi = mid }
        }
        let checkpoint = checkpoints[lo]
        var tracker = DanmakuPositionTracker(checkpoint.position)
        let gap = entry.offset - checkpoint.offset
        guard let bytes = read(count: gap, at: checkpoint.offset, into: &d.buffer) else { return checkpoint.position }
        tracker.advance(over: bytes, count: gap)
        return tracker.position
    }
}
