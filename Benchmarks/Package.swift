// swift-tools-version: 6.1
import PackageDescription

// LiveStudio's microbenchmarks, with ordo-one's package-benchmark: run them with
// `make bench` (= `swift package --allow-writing-to-package-directory benchmark` here).
// A package of its own so that the main package's `swift build` and CI never build
// package-benchmark. `studio bench --micro` measures the same things without it.
let package = Package(
    name: "LiveStudioBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        // Named, so that the products below resolve whatever the checkout's folder is called
        // (a path dependency is otherwise known by its folder's name).
        .package(name: "LiveStudio", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "StudioBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "StudioKit", package: "LiveStudio"),
                .product(name: "StudioBench", package: "LiveStudio"),
            ],
            path: "Benchmarks/StudioBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        )
    ]
)
