import Benchmark
import Foundation
import StudioBench
import StudioKit

// LiveStudio's microbenchmarks with package-benchmark: announcer publish with 0,
// 1 and 10 listeners next to Foundation's NotificationCenter in the same run, hit testing in
// a deep tree, danmaku lane allocation, building the full studio's display list, text
// cache hits (Latin, and mixed scripts with emoji), and fitting and wrapping text of megabytes with SDL_ttf. The fixtures come from StudioBench, the same ones `studio bench --micro`
// times: set up outside the measured part, checked after it.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        maxDuration: .seconds(2))
    // The benchmarks run from Benchmarks/; the assets are the main package's.
    let assets = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        .deletingLastPathComponent().appendingPathComponent("Assets")
    // One iteration is one `run()`: for the batched announcer, lanes and the text cache
    // that is the batch the name says (100 events, 100 comments, 50 texts).
    for micro in MicroFixtures.all(assets: assets) {
        Benchmark(micro.name, configuration: .init(scalingFactor: .kilo)) { benchmark in
            let fixture = try micro.make()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { fixture.run() }
            benchmark.stopMeasurement()
            precondition(fixture.check(), "\(micro.name): the benchmark did no work")
        }
    }
}
