import Dispatch
import Foundation
import StudioBench
import StudioKit

/// `studio bench --micro`: the fallback for machines where package-benchmark (`make bench`,
/// Benchmarks/) cannot build. It times the same fixtures (`MicroFixtures`): median of 7
/// samples, after one untimed warm-up sample, each fixture checked after.
enum MicroBench {
    static func runAll(assets: URL) throws {
        #if DEBUG
        print("warning: debug build: microbenchmark numbers are not representative; build with -c release")
        #endif
        print("studio bench --micro (fallback for package-benchmark; median of 7 runs each)")
        var nanos: [String: Double] = [:]
        for benchmark in MicroFixtures.all(assets: assets) {
            let fixture = try benchmark.make()
            let ns = measure(fixture, benchmark.name)
            nanos[benchmark.name] = ns
            print(
                benchmark.name.padding(toLength: 44, withPad: " ", startingAt: 0)
                    + String(format: "%10.1f ns/op", ns) + (fixture.note.isEmpty ? "" : "  " + fixture.note))
        }
        for n in [1, 10] {
            if let a = nanos["announcer publish, \(n) listeners"], let nc = nanos["NotificationCenter post, \(n) observers"] {
                print(String(format: "announcer vs NotificationCenter, %d listener(s): %.1fx faster", n, nc / a))
            }
        }
    }

    /// The median over 7 samples of the nanoseconds per operation; traps if the fixture did
    /// no work (a benchmark that measured nothing must not print a number).
    static func measure(_ fixture: MicroFixture, _ name: String, samples: Int = 7) -> Double {
        let calls = fixture.callsPerSample
        func sample(_ n: Int) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<n { fixture.run() }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(n * fixture.operations)
        }
        _ = sample(max(1, calls / 10))
        let median = (0..<samples).map { _ in sample(calls) }.sorted()[samples / 2]
        precondition(fixture.check(), "\(name): the benchmark did no work")
        return median
    }
}
