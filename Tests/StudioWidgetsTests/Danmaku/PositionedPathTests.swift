import RoomFixtures
import Foundation
import StudioKit
import Testing

@testable import DanmakuImport
@testable import StudioDomain
@testable import StudioFeed
@testable import StudioWidgets

/// A mode-7 comment's motion path (item 14, `M x,y L x,y …`): read from the script, kept in
/// the record, carried to the barrage, and followed there stretch by stretch, as
/// DanmakuFlameMaster plays it; a bad path is drawn up to its bad point and counted.
@Suite("Mode-7 motion paths")
struct PositionedPathTests {
    static func script(path: String, move: Int = 3000, delay: Int = 500) -> String {
        #"[67, 264, "1-1", 6, "path", 0, 0, 67, 264, \#(move), \#(delay), 0, "SimHei", 0, "\#(path)"]"#
    }

    @Test("the path's points replace the start and end, in the player's pixels")
    func parsed() throws {
        let (motion, text, cut) = try PositionedMotionParser.parse(Self.script(path: "M67,264L167,264L167,64")).get()
        #expect(text == "path" && !cut)
        #expect(motion.path.map { [$0.x, $0.y] } == [[67, 264], [167, 264], [167, 64]])
        #expect(motion.start == motion.path.first && motion.end == motion.path.last)
        #expect(motion.coordinates == .pixels)
        #expect(motion.moveDuration == 3 && motion.moveDelay == 0.5)
        // Spaces and lower case are read too; fractions stay fractions.
        let (small, _, _) = try PositionedMotionParser.parse(Self.script(path: " m 0.1, 0.2 l 0.5 ,0.2 ")).get()
        #expect(small.path.map { [$0.x, $0.y] } == [[0.1, 0.2], [0.5, 0.2]])
        #expect(small.coordinates == .fractionOfScreen, "the path replaces the script's own x, y, pixels here")
    }

    @Test(
        "a path is drawn up to its bad point: NaN, a huge coordinate, a malformed point or the 2,001st, and the cut is counted",
        arguments: [
            ("M10,10L20,20LNaN,5L30,30", 2), ("M10,10L20,20L1e300,5", 2), ("M10,10L20,20L30", 2), ("M10,10Lx,y", 1),
            ("10,10L20,20", 0), ("M", 0),
        ])
    func badPaths(_ path: String, kept: Int) throws {
        let (points, cut) = PositionedMotionParser.path(path)
        #expect(points.count == kept && cut, "\(path): \(points)")
        let (motion, _, counted) = try PositionedMotionParser.parse(Self.script(path: path)).get()
        #expect(counted)
        // Fewer than two points is no path: the script's own start and end hold.
        if kept < 2 { #expect(motion.path.isEmpty && motion.start == .init(x: 67, y: 264)) }
    }

    @Test("10,000 points are read up to 2,000, at once, and the motion finds its stretch by halving")
    func manyPoints() throws {
        let path = "M" + (0..<10_000).map { "\($0 % 600),\($0 / 30)" }.joined(separator: "L")
        let started = Date()
        let (motion, _, cut) = try PositionedMotionParser.parse(Self.script(path: path)).get()
        #expect(cut && motion.path.count == PositionedMotionParser.maxPathPoints)
        let record = DanmakuRecord(time: 0, mode: .positioned(motion), size: .normal, color: 0xFFFFFF, text: "x")
        guard case .positioned(let carried) = record.look.mode else { throw Failure("not positioned") }
        for i in 0...600 { _ = carried.position(at: Double(i) / 100) }
        #expect(Date().timeIntervalSince(started) < 5, "no freeze")
    }

    struct Failure: Error {
        let s: String
        init(_ s: String) { self.s = s }
    }

    @Test("the barrage follows the path: each stretch takes its share of the move by its length")
    func followed() throws {
        // Two stretches on a 100x100 stage: 30 across, then 10 down; 4 s of move after 1 s.
        let motion = DanmakuMotion(
            start: Point(x: 0, y: 0), duration: 6, moveDuration: 4, moveDelay: 1, stage: Size(width: 100, height: 100),
            path: [Point(x: 0.1, y: 0.1), Point(x: 0.4, y: 0.1), Point(x: 0.4, y: 0.2)])
        func at(_ age: Double) -> [Double] {
            let p = motion.position(at: age)
            return [(p.x * 1000).rounded() / 1000, (p.y * 1000).rounded() / 1000]
        }
        #expect(at(0) == [0.1, 0.1] && at(1) == [0.1, 0.1], "it holds its first point through the delay")
        #expect(at(2) == [0.2, 0.1], "a quarter of the move: a third of the first stretch")
        #expect(at(4) == [0.4, 0.1], "three quarters: the corner")
        #expect(at(4.5) == [0.4, 0.15])
        #expect(at(5) == [0.4, 0.2] && at(5.9) == [0.4, 0.2], "it ends at the last point and stays")
        // Without a stage, the same fractions measure as the band's.
        #expect(DanmakuMotion(start: Point(x: 0, y: 0), path: [Point(x: 0.5, y: 0.5)]).path.isEmpty, "one point is no path")
    }

    @Test("a recording with a path reads back with it: the writer keeps item 14")
    func roundTrip() throws {
        let (motion, _, _) = try PositionedMotionParser.parse(Self.script(path: "M67,264L167,264L167,64")).get()
        let script = DanmakuXMLWriter.script(motion, text: "path")
        let (again, _, cut) = try PositionedMotionParser.parse(script).get()
        #expect(!cut && again.path == motion.path, "\(script)")
    }

    @Test("a file's summary counts the paths cut")
    func summaryCounts() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("paths-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: url) }
        let bad = Self.script(path: "M1,1L2,2LNaN,3").replacingOccurrences(of: "\"", with: "&quot;")
        let good = Self.script(path: "M1,1L2,2").replacingOccurrences(of: "\"", with: "&quot;")
        let xml = #"<?xml version="1.0"?><i><d p="1,7,25,16777215,0,0,a,1">\#(bad)</d><d p="2,7,25,16777215,0,0,b,2">\#(good)</d></i>"#
        try Data(xml.utf8).write(to: url)
        var positioned = 0
        let summary = try DanmakuFileReader.read(contentsOf: url) { record in
            if case .danmaku(let d) = record, case .positioned = d.mode { positioned += 1 }
        }
        #expect(positioned == 2 && summary.pathsCut == 1)
        #expect(summary.description.contains("1 motion path cut at a bad point"), "\(summary.description)")
    }
}
