import CommandFixtures
import Foundation
import Testing

/// `studio` itself writing where it cannot: a full device, a missing folder, a folder as
/// the file. Each must exit non-zero with the path and the reason, never a Foundation
/// error dump, and never leave a folder or a file behind.
@Suite("studio commands whose output cannot be written", .serialized)
struct WriteFailureCommandTests {
    static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")
    static let noSpace = String(cString: strerror(ENOSPC))

    /// A missing folder inside a fresh temporary one, so the test can see nothing was created.
    final class Scratch {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("studio-writes-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false) }
        deinit { try? FileManager.default.removeItem(at: url) }
        var missing: String { url.appendingPathComponent("missing").path }
        var names: [String] { (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] }
    }

    func studio(_ arguments: [String]) throws -> ProcessResult { try StudioProcess.run(arguments) }

    @Test(
        "snapshot --out /dev/full exits 1 naming /dev/full and the reason",
        .enabled(if: hasDevFull, "/dev/full does not exist on this system"), .timeLimit(.minutes(2)))
    func snapshotDeviceFull() throws {
        let r = try studio(["snapshot", "--kind", "pk", "--frames", "5", "--out", "/dev/full"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("studio: error: cannot write /dev/full: \(Self.noSpace)"), "\(r.stderr)")
    }

    @Test(
        "snapshot --out into a missing folder exits 1 with a plain message, before rendering, and creates nothing",
        .timeLimit(.minutes(2)))
    func snapshotMissingFolder() throws {
        let scratch = try Scratch()
        let r = try studio(["snapshot", "--kind", "pk", "--frames", "5", "--out", scratch.missing + "/a/shot.png"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(
            r.stderr == "studio: error: cannot write \(scratch.missing)/a/shot.png: the folder \(scratch.missing)/a "
                + "does not exist; create it or choose another --out\n")
        #expect(!r.stderr.contains("NSCocoaErrorDomain"))
        #expect(scratch.names.isEmpty, "\(scratch.names)")
    }

    @Test("snapshot --out naming a folder exits 1 saying it is a folder", .timeLimit(.minutes(2)))
    func snapshotIntoFolder() throws {
        let scratch = try Scratch()
        let r = try studio(["snapshot", "--kind", "pk", "--frames", "5", "--out", scratch.url.path])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write \(scratch.url.path): it is a folder, not a file"), "\(r.stderr)")
    }

    @Test(
        "bench --report /dev/full exits 1 naming the file and the reason",
        .enabled(if: hasDevFull, "/dev/full does not exist on this system"), .timeLimit(.minutes(2)))
    func benchReportDeviceFull() throws {
        let r = try studio(["bench", "--headless", "--frames", "10", "--report", "/dev/full"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write /dev/full: \(Self.noSpace)"), "\(r.stderr)")
        #expect(r.stderr.contains("--report"), "\(r.stderr)")
    }

    @Test(
        "bench --html and --hgrm on a full disk: each is named with the reason, and the run's numbers are still printed",
        .enabled(if: hasDevFull, "/dev/full does not exist on this system"), .timeLimit(.minutes(2)))
    func benchPageDeviceFull() throws {
        let r = try studio(["bench", "--headless", "--frames", "10", "--html", "/dev/full", "--hgrm", "/dev/full"])
        #expect(r.status == 1, "\(r.stderr)")
        for option in ["--html", "--hgrm"] {
            #expect(
                r.stderr.contains("cannot write /dev/full: \(Self.noSpace); free some space or choose another \(option)"),
                "\(r.stderr)")
        }
        #expect(r.stdout.contains("frame (busy)"), "the table is missing: \(r.stdout)")
    }

    @Test("bench --html into a missing folder is refused before measuring", .timeLimit(.minutes(2)))
    func benchPageMissingFolder() throws {
        let scratch = try Scratch()
        let r = try studio(["bench", "--headless", "--frames", "10", "--html", scratch.missing + "/report.html"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("the folder \(scratch.missing) does not exist; create it or choose another --html"), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "the bench ran before the path was checked: \(r.stdout)")
        #expect(scratch.names.isEmpty, "\(scratch.names)")
    }

    @Test("bench --trace into a missing folder is refused before measuring", .timeLimit(.minutes(2)))
    func benchTraceMissingFolder() throws {
        let scratch = try Scratch()
        let r = try studio(["bench", "--headless", "--frames", "10", "--trace", scratch.missing + "/t.json"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("the folder \(scratch.missing) does not exist; create it or choose another --trace"), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "the bench ran before the path was checked: \(r.stdout)")
    }

    @Test("run --record into a missing folder is refused before running", .timeLimit(.minutes(2)))
    func recordMissingFolder() throws {
        let r = try studio(["run", "--headless", "--frames", "5", "--stats", "--record", "/nonexistent/dir/x.jsonl"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write /nonexistent/dir/x.jsonl: the folder /nonexistent/dir does not exist"), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "the session ran before the path was checked: \(r.stdout)")
    }

    @Test(
        "run --screenshot /dev/full exits 1 naming the file and the reason",
        .enabled(if: hasDevFull, "/dev/full does not exist on this system"), .timeLimit(.minutes(2)))
    func screenshotDeviceFull() throws {
        let r = try studio(["run", "--headless", "--frames", "5", "--screenshot", "/dev/full"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write /dev/full: \(Self.noSpace)"), "\(r.stderr)")
    }

    @Test(
        "each output on a disk too small for it fails the command, naming the file and the reason, and leaves no part of it",
        .enabled(if: TinyDisk.canMount, "mounting a small tmpfs needs root"), .timeLimit(.minutes(3)),
        arguments: [
            ["snapshot", "--kind", "audience", "--frames", "2", "--out", "@/shot.png"],
            ["run", "--headless", "--frames", "5", "--state-out", "@/state.json"],
            ["run", "--headless", "--frames", "5", "--screenshot", "@/shot.png"],
            ["record", "--kind", "audience", "--seconds", "0.5", "--out", "@/room.mp4"],
            ["bench", "--frames", "5", "--warm-up", "1", "--report", "@/report.json"],
            ["bench", "--frames", "5", "--warm-up", "1", "--trace", "@/trace.json"],
            ["bench", "--frames", "5", "--warm-up", "1", "--html", "@/report.html"],
            ["bench", "--frames", "5", "--warm-up", "1", "--hgrm", "@/busy.hgrm"],
        ])
    func fullDisk(_ arguments: [String]) throws {
        let disk = TinyDisk(size: 8 * 1024)
        try #require(disk.mounted, "mount -t tmpfs failed")
        // All of it taken: the file's name fits, none of its bytes do.
        FileManager.default.createFile(atPath: disk.path + "/filler", contents: Data(count: 8 * 1024))
        let given = arguments.map { $0.replacingOccurrences(of: "@", with: disk.path) }
        let r = try studio(given + ["--assets", BuiltStudio.assets])
        let file = try #require(given.first { $0.hasPrefix(disk.path) })
        #expect(r.status == 1, "\(arguments): \(r.stderr)")
        #expect(r.stderr.contains("cannot write \(file)") || r.stderr.contains("\(file)"), "\(r.stderr)")
        #expect(r.stderr.contains(Self.noSpace), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["filler"], "no part of the file is left")
        #expect(!r.stderr.contains("NSCocoaErrorDomain"), "\(r.stderr)")
    }
}
