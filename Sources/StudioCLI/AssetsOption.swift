import ArgumentParser
import Foundation
import StudioKit

/// `--assets`, as every command that reads the Assets folder takes it, with one help text
/// that says where the folder is found without it (`AssetLocator`'s order).
struct AssetsOption: ParsableArguments {
    @Option(
        name: .customLong("assets"),
        help: ArgumentHelp(
            """
            The Assets folder. Default: $LIVESTUDIO_ASSETS, else the checkout the binary was \
            built in, else the resource bundle beside the binary, else \
            ../share/livestudio/Assets after make install; ./Assets only when named here.
            """, valueName: "dir"))
    var path: String?

    /// The folder, as `AssetLocator` finds it from this option.
    func locate() throws -> URL { try AssetLocator.locate(explicit: path) }
}
