import StudioAppCore
import StudioKit
import Studios

// 0.9.0's spellings of the command line's entry point, kept so that a package written for
// it still compiles, with a warning naming the new spelling. They go in 1.0.

extension StudioApp {
    @available(*, deprecated, renamed: "main(catalog:components:name:version:arguments:)")
    public static func main(
        catalogue: Catalog, components: [@Sendable (StudioDriver) -> IOComponent] = [], name: String? = nil,
        version: String? = nil, arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) -> Never {
        main(catalog: catalogue, components: components, name: name, version: version, arguments: arguments)
    }
}
