import Foundation
import StudioFoundation
import Testing

@Suite("FileOutput writes whole files or reports why not")
struct FileOutputTests {
    /// A fresh folder, removed afterwards.
    final class Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("file-output-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func file(_ name: String) -> String { path + "/" + name }
        var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
        func read(_ name: String) -> [UInt8]? { FileManager.default.contents(atPath: file(name)).map { [UInt8]($0) } }
    }

    static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")

    @Test("the bytes written are read back, and only the target is left in the folder")
    func roundTrip() throws {
        let folder = try Folder()
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try FileOutput.write(bytes, to: folder.file("out.bin"))
        #expect(folder.read("out.bin") == bytes)
        #expect(folder.names == ["out.bin"])
    }

    @Test("an existing file is replaced whole and keeps its permissions")
    func replaces() throws {
        let folder = try Folder()
        let path = folder.file("report.json")
        try FileOutput.write(Array("an old, longer report".utf8), to: path)
        chmod(path, 0o640)
        try FileOutput.write(Data("new".utf8), to: path)
        #expect(folder.read("report.json") == Array("new".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(folder.names == ["report.json"])
    }

    @Test("a streamed file appears only when finished, holding every line")
    func streams() throws {
        let folder = try Folder()
        let path = folder.file("in.jsonl")
        let output = try FileOutput(path: path)
        for i in 0..<50 { try output.append("{\"frame\":\(i)}\n".utf8) }
        #expect(!FileManager.default.fileExists(atPath: path), "the target appeared before finish()")
        #expect(folder.names.count == 1 && folder.names[0].hasSuffix(".tmp"), "\(folder.names)")
        try output.finish()
        let lines = String(decoding: try #require(folder.read("in.jsonl")), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 50)
        #expect(lines.last == "{\"frame\":49}")
        #expect(folder.names == ["in.jsonl"])
    }

    @Test("an abandoned stream leaves the old file as it was and no temporary file")
    func abandons() throws {
        let folder = try Folder()
        let path = folder.file("shot.png")
        try FileOutput.write(Array("old".utf8), to: path)
        let output = try FileOutput(path: path)
        try output.append(Array("half of a new file".utf8))
        output.abandon()
        #expect(folder.read("shot.png") == Array("old".utf8))
        #expect(folder.names == ["shot.png"])
        #expect(throws: FileOutputError.self) { try output.append(Array("more".utf8)) }
    }

    @Test("a rename that fails removes the temporary file and names the path and the reason")
    func failedRename() throws {
        let folder = try Folder()
        let path = folder.file("trace.json")
        let output = try FileOutput(path: path)
        try output.append(Array("{}".utf8))
        // The target turns into a folder while the file is being written: rename must fail.
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        let error = try #require(throws: FileOutputError.self) { try output.finish() }
        #expect(error.code == EISDIR)
        #expect(error.description.hasPrefix("cannot write \(path): \(String(cString: strerror(EISDIR)))"))
        #expect(folder.names == ["trace.json"])
        #expect(throws: FileOutputError.self) { try output.finish() }
    }

    @Test(
        "a full device fails with the system's reason, naming it",
        .enabled(if: hasDevFull, "/dev/full does not exist on this system"))
    func deviceFull() throws {
        let error = try #require(throws: FileOutputError.self) {
            try FileOutput.write([UInt8](repeating: 7, count: 10_000), to: "/dev/full")
        }
        #expect(error.code == ENOSPC)
        #expect(error.description.contains("cannot write /dev/full: \(String(cString: strerror(ENOSPC)))"))
        #expect(error.naming("--out").description.hasSuffix("free some space or choose another --out"))
    }

    @Test("a device is written in place: /dev/null takes the bytes and the write succeeds")
    func deviceInPlace() throws {
        try FileOutput.write(Array("discarded".utf8), to: "/dev/null")
        try FileOutput.check("/dev/null")
    }

    @Test("a missing folder is reported plainly, with the fix, and is not created")
    func missingFolder() throws {
        let folder = try Folder()
        let path = folder.file("no/such/folder/out.png")
        let error = try #require(throws: FileOutputError.self) { try FileOutput.write(Array("x".utf8), to: path) }
        #expect(
            error.naming("--out").description
                == "cannot write \(path): the folder \(folder.path)/no/such/folder does not exist; create it or choose another --out")
        #expect(throws: FileOutputError.self) { try FileOutput.check(path) }
        #expect(folder.names.isEmpty)
    }

    @Test("a target that is a folder, and a parent that is a file, are refused")
    func notFiles() throws {
        let folder = try Folder()
        let asFolder = try #require(throws: FileOutputError.self) { try FileOutput.check(folder.path) }
        #expect(asFolder.description == "cannot write \(folder.path): it is a folder, not a file; choose another path")
        try FileOutput.write(Array("x".utf8), to: folder.file("plain"))
        let under = folder.file("plain/out.png")
        let underFile = try #require(throws: FileOutputError.self) { try FileOutput.write(Array("x".utf8), to: under) }
        #expect(underFile.description == "cannot write \(under): \(folder.file("plain")) is a file, not a folder; choose another path")
        #expect(folder.names == ["plain"])
    }

    @Test("check leaves nothing behind where the file can be written")
    func checkIsClean() throws {
        let folder = try Folder()
        try FileOutput.check(folder.file("later.png"))
        #expect(folder.names.isEmpty)
    }

    @Test("a symbolic link stays a link; the file it points to gets the bytes")
    func followsLinks() throws {
        let folder = try Folder()
        try FileOutput.write(Array("old".utf8), to: folder.file("real.json"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.json"), withDestinationPath: "real.json")
        try FileOutput.write(Array("new".utf8), to: folder.file("link.json"))
        #expect(folder.read("real.json") == Array("new".utf8))
        let kind = try FileManager.default.attributesOfItem(atPath: folder.file("link.json"))[.type] as? FileAttributeType
        #expect(kind == .typeSymbolicLink)
        #expect(folder.names == ["link.json", "real.json"])
    }

    @Test("a symbolic link that leads out of its folder is refused, and what it leads to is untouched")
    func linkLeadingOut() throws {
        let inside = try Folder(), outside = try Folder()
        try FileOutput.write(Array("keep".utf8), to: outside.file("victim.json"))
        let link = inside.file("trace.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside.file("victim.json"))
        for attempt in [{ try FileOutput.check(link) }, { try FileOutput.write(Array("new".utf8), to: link) }] {
            let error = try #require(throws: FileOutputError.self) { try attempt() }
            #expect(
                error.naming("--trace").description
                    == "cannot write \(link): it is a symbolic link to \(outside.file("victim.json")), outside its folder; "
                    + "give that path itself; choose another --trace")
        }
        #expect(outside.read("victim.json") == Array("keep".utf8))
        #expect(inside.names == ["trace.json"] && outside.names == ["victim.json"])
    }

    // The time limit only stops a hang from holding the suite: under a loaded parallel run a
    // test may wait minutes for a thread, so "at once" is timed around the call itself.
    @Test("a pipe with no reader is an error at once, not a wait; one with a reader gets the bytes", .timeLimit(.minutes(5)))
    func pipes() throws {
        let folder = try Folder()
        let pipe = folder.file("pipe")
        try #require(mkfifo(pipe, 0o644) == 0)
        try FileOutput.check(pipe)
        let started = ContinuousClock.now
        let error = try #require(throws: FileOutputError.self) { try FileOutput.write(Array("x".utf8), to: pipe) }
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(error.description.contains("it is a named pipe (FIFO) that no program is reading; start its reader first"))
        // A reader that is there: opened without waiting, then read whole.
        let reader = open(pipe, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(reader >= 0)
        defer { close(reader) }
        try FileOutput.write(Array("through".utf8), to: pipe)
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(reader, &buffer, buffer.count)
        #expect(Array(buffer.prefix(max(0, n))) == Array("through".utf8))
    }
}
