import StudioKit

/// What one client sent a DevTools server on one connection, as the fuzzer keeps it: the raw
/// bytes (`Tests/Tools/record_devtools_traffic.py` records them from Chromium), with the run's
/// token written `@TOKEN@` and the server's port `@PORT@`, which the fuzzer fills in with its
/// own server's before sending.
///
/// An upgraded connection is its HTTP upgrade request followed by the client's WebSocket
/// frames, which the mutator takes apart and masks again.
struct DevToolsTraffic: Equatable {
    /// The HTTP part: one request, or several sent one after another.
    var http: [UInt8]
    /// The WebSocket frames after an upgrade request, each whole (header, mask, payload).
    var frames: [[UInt8]]

    static let token = Array("@TOKEN@".utf8)
    static let port = Array("@PORT@".utf8)

    init(http: [UInt8], frames: [[UInt8]] = []) {
        self.http = http
        self.frames = frames
    }

    /// The connection's parts: after a request that asks for an upgrade, the frames that
    /// follow it are split (a frame cut short stays in the last one).
    init(_ bytes: [UInt8]) {
        guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound,
            String(decoding: bytes[..<end], as: UTF8.self).lowercased().contains("upgrade: websocket")
        else {
            self.init(http: bytes)
            return
        }
        var frames: [[UInt8]] = []
        var at = end
        while at < bytes.count {
            let length = Self.frameLength(bytes, at: at) ?? (bytes.count - at)
            frames.append(Array(bytes[at..<min(bytes.count, at + length)]))
            at += length
        }
        self.init(http: Array(bytes[..<end]), frames: frames)
    }

    var bytes: [UInt8] { http + frames.joined() }

    /// The whole length of the frame starting at `at`, or nil when its header is cut short.
    static func frameLength(_ bytes: [UInt8], at: Int) -> Int? {
        guard bytes.count - at >= 2 else { return nil }
        var header = 2
        var length = UInt64(bytes[at + 1] & 0x7F)
        if length >= 126 {
            let width = length == 126 ? 2 : 8
            guard bytes.count - at >= 2 + width else { return nil }
            length = bytes[(at + 2)..<(at + 2 + width)].reduce(0) { $0 << 8 | UInt64($1) }
            header += width
        }
        if bytes[at + 1] & 0x80 != 0 { header += 4 }
        guard length <= UInt64(Int.max / 2) else { return nil }
        return header + Int(length)
    }

    /// A client's frame, masked with `mask` as RFC 6455 asks of clients.
    static func frame(opcode: UInt8, _ payload: [UInt8], fin: Bool = true, mask: [UInt8] = [0x1F, 0x2E, 0x3D, 0x4C]) -> [UInt8] {
        var out: [UInt8] = [(fin ? 0x80 : 0) | (opcode & 0x0F)]
        switch payload.count {
        case ..<126: out.append(0x80 | UInt8(payload.count))
        case ..<65536: out += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: out += [0x80 | 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> (8 * UInt64($0))) }
        }
        return out + mask + payload.enumerated().map { $1 ^ mask[$0 % 4] }
    }

    /// A frame's opcode and payload, unmasked, or nil when it is cut short.
    static func payload(of frame: [UInt8]) -> (opcode: UInt8, fin: Bool, mask: [UInt8]?, payload: [UInt8])? {
        guard let length = frameLength(frame, at: 0), length == frame.count else { return nil }
        let masked = frame[1] & 0x80 != 0
        let lengthField = frame[1] & 0x7F
        let start = 2 + (lengthField == 126 ? 2 : lengthField == 127 ? 8 : 0)
        let mask = masked ? Array(frame[start..<start + 4]) : nil
        let body = frame[(start + (masked ? 4 : 0))...]
        let payload = mask.map { m in body.enumerated().map { $1 ^ m[$0 % 4] } } ?? Array(body)
        return (frame[0] & 0x0F, frame[0] & 0x80 != 0, mask, payload)
    }

    /// The bytes sent: the placeholders replaced with the server's token and port.
    func filled(token: String, port: UInt16) -> [UInt8] {
        Self.replace(Self.replace(bytes, Self.token, with: Array(token.utf8)), Self.port, with: Array("\(port)".utf8))
    }

    static func replace(_ bytes: [UInt8], _ pattern: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var at = 0
        while at < bytes.count {
            if bytes[at] == pattern[0], bytes.count - at >= pattern.count, bytes[at..<at + pattern.count].elementsEqual(pattern) {
                out += replacement
                at += pattern.count
            } else {
                out.append(bytes[at])
                at += 1
            }
        }
        return out
    }
}

/// Mutations of a DevTools connection, aimed at what its server reads: the request line
/// (methods, versions, targets with encoded traversal), the headers (a foreign Host or
/// Origin, duplicates, control characters, lines and counts past the caps, bare line
/// feeds), bodies (lying and conflicting lengths, chunks, past the cap), pipelined requests,
/// and after an upgrade the WebSocket frames (commands' JSON, oversized and fragmented
/// control frames, unmasked frames, lying lengths, bad UTF-8).
struct DevToolsMutator {
    let json: Mutator

    /// Commands a page sends, as the server's protocol describes them.
    static let commands = [
        #"{"command":"select","path":[2,3],"name":"danmaku"}"#, #"{"command":"deselect"}"#,
        #"{"command":"set","path":[2,3],"name":"danmaku","property":"hidden","value":true}"#,
        #"{"command":"set","path":[1],"name":"video","property":"frame","value":[0,0,100,100]}"#,
        #"{"command":"set","path":[0],"property":"level","value":3}"#, #"{"command":"layer","layer":"movable","value":false}"#,
        #"{"command":"isolate","layer":"float"}"#, #"{"command":"exploded","value":true}"#, #"{"command":"profile","value":true}"#,
        #"{"ack":3}"#,
    ]

    func mutate(_ bytes: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        var traffic = DevToolsTraffic(bytes)
        for _ in 0..<(1 + rng.index(below: 2)) {
            if !traffic.frames.isEmpty, rng.chance(0.5) {
                mutateFrames(&traffic.frames, &rng)
            } else {
                traffic.http = mutate(http: traffic.http, hasFrames: !traffic.frames.isEmpty, &rng)
            }
        }
        return traffic.bytes
    }

    // MARK: HTTP

    private func mutate(http: [UInt8], hasFrames: Bool, _ rng: inout SeededRandom) -> [UInt8] {
        var text = String(decoding: http, as: UTF8.self)
        let crlf = "\r\n"
        var (line, headers, rest) = Self.firstRequest(text)
        switch rng.index(below: 13) {
        case 0:
            line =
                rng.pick(["GET", "POST", "PUT", "HEAD", "OPTIONS", "TRACE", "CONNECT", "get", "G ET", "DELETE"]) + " "
                + Self.target(line) + " HTTP/1.1"
        case 1:
            let path = rng.pick([
                "/", "/snapshot", "/events?after=-1", "/events?after=99999999999999999999", "/log.jsonl", "/screenshot.png?layer=nope",
                "/screenshot.png?layer=float", "/command", "/ws", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd",
                "/static/../../../etc/passwd", "//snapshot", "/snapshot%00", "/snap%73hot", "*", "http://evil.com/snapshot",
                "/" + String(repeating: "a", count: rng.pick([200, 9000])),
            ])
            let query = rng.pick([
                "?token=@TOKEN@", "&token=@TOKEN@", "?token=@TOKEN@x", "?token=", "?token=@TOKEN@&token=0", "", "?TOKEN=@TOKEN@",
            ])
            line =
                Self.method(line) + " " + path + (path.contains("?") && query.hasPrefix("?") ? "&" + query.dropFirst() : query)
                + " HTTP/1.1"
        case 2:
            let host = rng.pick([
                "evil.com", "127.0.0.1:@PORT@.evil.com", "localhost:@PORT@", "[::1]:@PORT@", "127.0.0.1", "127.0.0.1:1", "",
                "LOCALHOST:@PORT@", "127.0.0.1:@PORT@ ", "evil.com:@PORT@", "127.0.0.1:0@PORT@",
            ])
            headers.removeAll { $0.lowercased().hasPrefix("host:") }
            switch rng.index(below: 4) {
            case 0: headers.insert("Host: " + host, at: 0)
            case 1: headers += ["Host: 127.0.0.1:@PORT@", "Host: " + host]
            case 2: headers += ["Host: " + host, "Host: 127.0.0.1:@PORT@"]
            default: break  // no Host at all
            }
        case 3:
            headers.removeAll { $0.lowercased().hasPrefix("origin:") }
            headers.append(
                "Origin: " + rng.pick(["http://evil.com", "null", "http://127.0.0.1:@PORT@", "http://localhost:@PORT@", "file://"]))
        case 4:
            headers.insert(
                rng.pick([
                    "X-\u{1}Bad: 1", "Bad Header: x", "\tfolded continuation", " Host: evil.com", "X-Nul: a\u{0}b", ": empty",
                    "X-Long-Name",
                ]),
                at: rng.index(below: headers.count + 1))
        case 5:
            let size = rng.pick([7000, 9000, 40_000])
            if rng.chance(0.5) {
                headers.append("X-Fill: " + String(repeating: "x", count: size))
            } else {
                headers += (0..<rng.pick([99, 101, 300])).map { "X-H\($0): \(String(repeating: "y", count: size / 300))" }
            }
        case 6, 7:
            let command = Array(rng.pick(Self.commands).utf8)
            var body = rng.chance(0.6) ? json.mutate(json: command, &rng) : command
            if rng.chance(0.1) { body = Array(repeating: 0x20, count: 70_000) + body }
            headers.removeAll { $0.lowercased().hasPrefix("content-length:") || $0.lowercased().hasPrefix("transfer-encoding:") }
            line = "POST /command?token=@TOKEN@ HTTP/1.1"
            let length = body.count
            switch rng.index(below: 6) {
            case 0: headers.append("Content-Length: \(length)")
            case 1:
                headers.append(
                    "Content-Length: \(rng.pick(["0", "\(length - 1)", "\(length + 10)", "-1", "99999999999999999999", "1e3", "4611686018427387904"]))"
                )
            case 2:
                headers += ["Content-Length: \(length)", "Transfer-Encoding: chunked"]
                body = Array((String(length, radix: 16) + crlf).utf8) + body + Array("\r\n0\r\n\r\n".utf8)
            case 3:
                headers.append("Transfer-Encoding: " + rng.pick(["chunked", "gzip, chunked", "chunked, identity", "xchunked"]))
                let size = rng.pick([String(length, radix: 16), "ffffffffffffffff", "-1", "zz", "0"])
                body = Array((size + crlf).utf8) + body + Array("\r\n0\r\n\r\n".utf8)
            case 4: headers += ["Content-Length: \(length)", "Content-Length: \(length + 1)"]
            default: break  // a body with no length
            }
            rest = String(decoding: body, as: UTF8.self) + rest
        case 8:
            // Pipelined: the same request again, or one for another route, right after.
            rest += text + rng.pick(["GET /snapshot?token=@TOKEN@ HTTP/1.1\r\nHost: 127.0.0.1:@PORT@\r\n\r\n", ""])
        case 9:
            line =
                Self.method(line) + " " + Self.target(line) + " "
                + rng.pick(["HTTP/1.0", "HTTP/2.0", "HTTP/0.9", "HTTP/1.1x", "", "HTTP/9"])
        case 10:
            text = text.replacingOccurrences(of: crlf, with: "\n")
            return Array(text.utf8)
        case 11:
            // Cut short: a request that never ends, which the server must time out.
            return Array(http.prefix(rng.index(below: max(1, http.count))))
        default:
            return Mutator.mutate(bytes: http, &rng)
        }
        if hasFrames, rng.chance(0.3) { headers.removeAll { $0.lowercased().hasPrefix("sec-websocket-key:") } }
        text = ([line] + headers).joined(separator: crlf) + crlf + crlf + rest
        return Array(text.utf8)
    }

    /// The first request's line, its header lines, and everything after its head.
    static func firstRequest(_ text: String) -> (line: String, headers: [String], rest: String) {
        guard let end = text.range(of: "\r\n\r\n") else {
            return (text.components(separatedBy: "\r\n").first ?? "", Array(text.components(separatedBy: "\r\n").dropFirst()), "")
        }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        return (lines.first ?? "", Array(lines.dropFirst()), String(text[end.upperBound...]))
    }

    static func method(_ line: String) -> String { line.split(separator: " ").first.map(String.init) ?? "GET" }
    static func target(_ line: String) -> String {
        let parts = line.split(separator: " ")
        return parts.count > 1 ? String(parts[1]) : "/?token=@TOKEN@"
    }

    // MARK: WebSocket

    private func mutateFrames(_ frames: inout [[UInt8]], _ rng: inout SeededRandom) {
        let i = rng.index(below: frames.count)
        switch rng.index(below: 10) {
        case 0, 1:
            // The same frame with other JSON: a command mutated, or one of the protocol's.
            guard let f = DevToolsTraffic.payload(of: frames[i]) else { return }
            let text = rng.chance(0.5) ? f.payload : Array(rng.pick(Self.commands).utf8)
            frames[i] = DevToolsTraffic.frame(opcode: f.opcode, json.mutate(json: text, &rng), fin: f.fin, mask: f.mask ?? [1, 2, 3, 4])
        case 2:
            // Control frames: oversized (over 125 bytes), fragmented, or a close with a bad code.
            let payload = [UInt8](repeating: 0x41, count: rng.pick([0, 125, 126, 300]))
            let frame = rng.pick([
                DevToolsTraffic.frame(opcode: 0x9, payload), DevToolsTraffic.frame(opcode: 0xA, payload),
                DevToolsTraffic.frame(opcode: 0x9, [1], fin: false), DevToolsTraffic.frame(opcode: 0x8, [0x03]),
                DevToolsTraffic.frame(opcode: 0x8, [0x00, 0x00]), DevToolsTraffic.frame(opcode: 0x8, [0x03, 0xE8] + [0xFF]),
            ])
            frames.insert(frame, at: i)
        case 3:
            // Fragments: a text message split, a continuation with nothing before it, reserved opcodes.
            let command = Array(rng.pick(Self.commands).utf8)
            let cut = rng.index(below: command.count)
            frames.insert(
                contentsOf: rng.pick([
                    [
                        DevToolsTraffic.frame(opcode: 0x1, Array(command[..<cut]), fin: false),
                        DevToolsTraffic.frame(opcode: 0x0, Array(command[cut...])),
                    ],
                    [DevToolsTraffic.frame(opcode: 0x0, command)],
                    [DevToolsTraffic.frame(opcode: rng.pick([0x3, 0x7, 0xB, 0xF]), command)],
                    [DevToolsTraffic.frame(opcode: 0x2, command)],
                    [DevToolsTraffic.frame(opcode: 0x1, Array(command[..<cut]), fin: false), DevToolsTraffic.frame(opcode: 0x1, command)],
                ]), at: i)
        case 4:
            // A frame a client must not send: unmasked, or with reserved bits set.
            guard let f = DevToolsTraffic.payload(of: frames[i]) else { return }
            var frame = DevToolsTraffic.frame(opcode: f.opcode, f.payload)
            if rng.chance(0.5) {
                frame[0] |= rng.pick([0x40, 0x20, 0x10])
            } else {
                frame = [frame[0], frame[1] & 0x7F] + f.payload
                if f.payload.count >= 126 { frame = DevToolsTraffic.frame(opcode: f.opcode, f.payload) }
            }
            frames[i] = frame
        case 5:
            // A length that lies: 2^62 bytes, or more than follow.
            let claim: [UInt8] = rng.pick([
                [0x81, 0xFF, 0x40, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4], [0x81, 0xFE, 0xFF, 0xFF, 1, 2, 3, 4, 0x41],
                [0x81, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3, 4],
            ])
            frames.insert(claim, at: i)
        case 6:
            // Past the message cap: one big frame, or many fragments that add up past it.
            let big = [UInt8](repeating: 0x20, count: 70_000)
            frames.insert(
                contentsOf: rng.chance(0.5)
                    ? [DevToolsTraffic.frame(opcode: 0x1, big)]
                    : (0..<18).map { DevToolsTraffic.frame(opcode: $0 == 0 ? 0x1 : 0x0, Array(big[..<4096]), fin: $0 == 17) }, at: i)
        case 7:
            let bad: [UInt8] = rng.pick([[0xFF, 0xFE], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0x7B, 0x22, 0x80, 0x22, 0x7D]])
            frames.insert(DevToolsTraffic.frame(opcode: 0x1, bad), at: i)
        case 8:
            if frames.count > 1 { frames.remove(at: i) } else { frames.append(frames[i]) }
        default:
            frames[i] = Mutator.mutate(bytes: frames[i], &rng)
        }
    }
}
